import { useCallback, useEffect, useState } from 'react';
import type { BookingDto, UserDto } from '@courtside/domain';
import { showToast } from '../../lib/toast.ts';
import { confirmDialog } from '../../lib/confirm-dialog.ts';
import { DashboardFrame } from './DashboardFrame.tsx';
import './bookings.css';
import { cancelBooking, canCancel, fetchUserBookings, isActive } from './bookings.ts';
import { formatDate, formatDollars, isPayable, paymentBadge, statusBadge, type Badge } from './format.ts';
import { cancellationNote } from '../../lib/policy.ts';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';

function Pill({ badge }: { badge: Badge }) {
  return (
    <>
      <span className={`badge badge-${badge.tone}`}>{badge.label}</span>
      {(badge.detail || badge.link) && (
        <small className={`badge-detail badge-detail-${badge.tone}`}>
          {badge.detail}
          {badge.link && (
            <>
              {' '}
              <a href={badge.link.href}>{badge.link.text}</a>
            </>
          )}
        </small>
      )}
    </>
  );
}

type Load = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; bookings: BookingDto[] };

function Bookings({ user }: { user: UserDto }) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setLoad({ phase: 'ready', bookings: await fetchUserBookings(user._id) });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setLoad({ phase: 'error' });
    }
  }, [user._id]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function cancel(b: BookingDto) {
    const ok = await confirmDialog({
      title: 'Cancel this booking?',
      // Offered only where the policy allows it (canCancel), so the refund promised here is the server's.
      message: `${b.facility.name}, ${formatDate(b.date)}, ${b.startTime}–${b.endTime}${zoneSuffixOn(b.date, b.facility.timezone)}.${
        b.paymentStatus === 'paid' ? ` Your payment of ${formatDollars(b.payableAmount)} will be refunded in full.` : b.status === 'pending' ? ' Your hold on the slot is released.' : ''
      }`,
      confirmLabel: 'Cancel booking',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!ok) return;
    setBusy(b._id);
    try {
      showToast(await cancelBooking(b._id), 'success');
    } catch (err) {
      showToast((err as Error).message, 'error');
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  if (load.phase === 'loading')
    return (
      <p className="dash-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your bookings…
      </p>
    );
  if (load.phase === 'error')
    return (
      <div className="alert alert-error" role="alert">
        <p>Error loading bookings</p>
        <button type="button" className="btn btn-secondary" onClick={() => void refresh()}>
          Try again
        </button>
      </div>
    );
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
      <div className="card">
        <table className="dash-table">
          <caption className="sr-only">Your bookings</caption>
          <thead>
            <tr>
              <th scope="col">Date &amp; time</th>
              <th scope="col">Facility</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.bookings.map((b) => {
              const active = isActive(b, now);
              const note = active ? cancellationNote(b, now) : null;
              const label = `${b.facility.name} on ${formatDate(b.date)} at ${b.startTime}`;
              return (
                <tr key={b._id} className={active ? '' : 'is-past'}>
                  <td data-label="When">
                    <span className="dash-date">{formatDate(b.date)}</span>
                    <span className="dash-sub">
                      {b.startTime}–{b.endTime}
                      {zoneSuffixOn(b.date, b.facility.timezone)}
                    </span>
                  </td>
                  <td data-label="Facility">
                    <a className="user-text" href={`/facilities/${b.facility._id}`}>{b.facility.name}</a>
                    {b.facility.location && <small className="muted dash-sub user-text">{b.facility.location}</small>}
                  </td>
                  <td data-label="Amount">{formatDollars(b.payableAmount)}</td>
                  <td data-label="Status">
                    <Pill badge={statusBadge(b, now)} />
                    {note && (
                      <small className={`cancel-note cancel-note-${note.tone}`}>
                        {note.text}
                        {note.tone === 'warn' && b.status === 'confirmed' && (
                          <>
                            {' '}
                            <a href="/contact-us">Contact us</a>
                          </>
                        )}
                      </small>
                    )}
                  </td>
                  <td data-label="Payment">
                    <Pill badge={paymentBadge(b)} />
                  </td>
                  <td className="dash-row-actions">
                    {isPayable(b, now) && (
                      <a className="btn btn-small" href="/dashboard/checkoutForPayment" aria-label={`Pay now for ${label}`}>
                        Pay now
                      </a>
                    )}
                    {canCancel(b, now) && (
                      <button
                        type="button"
                        className="btn btn-small btn-outline-danger"
                        onClick={() => void cancel(b)}
                        disabled={busy === b._id}
                        aria-label={`Cancel ${label}`}
                      >
                        {busy === b._id ? 'Cancelling…' : 'Cancel'}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

export default function BookingsView() {
  return (
    <DashboardFrame title="My bookings" lead="Your court and field bookings, upcoming first.">
      {(user) => <Bookings key={user._id} user={user} />}
    </DashboardFrame>
  );
}
