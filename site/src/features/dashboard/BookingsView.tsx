import { useCallback, useState } from 'react';
import type { BookingDto, UserDto } from '@courtside/contracts';
import { isPayable } from '../../lib/bookings.ts';
import { DashboardFrame } from '../../ui/DashboardFrame.tsx';
import { LoadFailed, Loading } from '../../ui/LoadStatus.tsx';
import { useUserBookings } from '../../ui/useUserBookings.ts';
import './bookings.css';
import { BookingRow } from './BookingRow.tsx';
import { useCalendarDownload } from './useCalendarDownload.ts';
import { useCancelBooking } from './useCancelBooking.ts';
import { WaitlistSection } from '../waitlist/WaitlistSection.tsx';
import { PlayingSection } from '../players/PlayingSection.tsx';

function Bookings({ user, refundToWallet }: { user: UserDto; refundToWallet: boolean }) {
  const { load, refresh } = useUserBookings(user._id);
  // Leaving the waitlist may cancel an offered hold, and cancelling a hold declines its offer: each list follows the other.
  const [round, setRound] = useState(0);
  const changed = useCallback(async () => {
    await refresh();
    setRound((n) => n + 1);
  }, [refresh]);
  const { busy, cancel } = useCancelBooking(changed, refundToWallet);
  const calendar = useCalendarDownload();
  return (
    <>
      <WaitlistSection key={round} onChange={refresh} zoneOf={(id) => (load.phase === 'ready' ? load.bookings.find((b) => b._id === id)?.facility.timezone : undefined)} />
      <PlayingSection />
      <BookingList load={load} refresh={refresh} busy={busy} cancel={cancel} calendar={calendar} />
    </>
  );
}

function BookingList({ load, refresh, busy, cancel, calendar }: {
  load: ReturnType<typeof useUserBookings>['load'];
  refresh: () => Promise<void>;
  busy: string | null;
  cancel: (b: BookingDto) => Promise<void>;
  calendar: ReturnType<typeof useCalendarDownload>;
}) {
  if (load.phase === 'loading') return <Loading text="Loading your bookings…" />;
  if (load.phase === 'error') return <LoadFailed text="Error loading bookings" onRetry={() => void refresh()} />;
  if (!load.bookings.length)
    return (
      <div className="card dash-empty">
        <p>You have no bookings.</p>
        <a className="btn" href="/facilities-list">
          Book a facility
        </a>
      </div>
    );

  const now = Date.now();
  const pending = load.bookings.filter((b) => isPayable(b, now)).length;
  return (
    <>
      {pending > 0 && (
        <div className="dash-notice" role="note">
          <span>
            {pending === 1 ? 'One booking is' : `${pending} bookings are`} waiting for payment. Unpaid holds are released when they expire.
          </span>
          <a className="btn" href="/dashboard/checkoutForPayment">
            Pay now
          </a>
        </div>
      )}
      <div className="card dash-bookings">
        <table className="dash-table">
          <caption className="sr-only">Your bookings</caption>
          <thead>
            <tr>
              <th scope="col">Booking</th>
              <th scope="col" className="dash-col-status">Status</th>
              <th scope="col" className="dash-col-payment">Payment</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.bookings.map((b) => (
              <BookingRow
                key={b._id}
                booking={b}
                now={now}
                cancelling={busy === b._id}
                onCancel={() => void cancel(b)}
                downloading={calendar.busy === b._id}
                onAddToCalendar={() => void calendar.download(b)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** `refundToWallet`: the venue refunds card payments of cancellations as credit (GET /api/settings wallet.refundToWallet), said before cancelling. */
export default function BookingsView({ refundToWallet = false }: { refundToWallet?: boolean }) {
  return (
    <DashboardFrame title="My bookings" lead="Your court and field bookings, upcoming first.">
      {(user) => <Bookings key={user._id} user={user} refundToWallet={refundToWallet} />}
    </DashboardFrame>
  );
}
