import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { BookingDto, PublicSettings, UserDto } from '@courtside/domain';
import { showToast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { cancellationNote, cancellationPolicy } from '../../lib/policy.ts';
import { formatZoned, zoneSuffixOn } from '../../lib/zoned-time.ts';
import { DashboardFrame } from '../dashboard/DashboardFrame.tsx';
import { fetchUserBookings } from '../dashboard/bookings.ts';
import { formatDate, formatDollars } from '../dashboard/format.ts';
import { createOrder, readableError, payableBookings, totalOf } from './checkout.ts';

type Load = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; all: BookingDto[] };

function Checkout({ user, settings }: { user: UserDto; settings: PublicSettings | null }) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [failure, setFailure] = useState('');
  const [paying, setPaying] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const refresh = useCallback(async () => {
    try {
      const all = await fetchUserBookings(user._id);
      setNow(Date.now());
      setLoad({ phase: 'ready', all });
    } catch {
      setLoad({ phase: 'error' });
    }
  }, [user._id]);

  useEffect(() => {
    void refresh();
    // Holds lapse while the page is open: re-check the list every 20 seconds.
    const timer = window.setInterval(() => setNow(Date.now()), 20_000);
    return () => window.clearInterval(timer);
  }, [refresh]);

  if (load.phase === 'loading')
    return (
      <p className="dash-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your unpaid bookings…
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

  const items = payableBookings(load.all, now);
  const total = totalOf(items);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure('');
    if (total <= 0) return;
    setPaying(true);
    try {
      window.location.assign(await createOrder(items));
    } catch (err) {
      const message = err instanceof ApiError ? readableError(err.message, items) : 'The payment could not be started. Please try again.';
      setFailure(message);
      showToast(message, 'error');
      setPaying(false);
      if (err instanceof ApiError && (err.status === 409 || err.status === 400 || err.status === 404)) void refresh();
    }
  }

  if (!items.length)
    return (
      <div className="card dash-empty">
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
        <h2>Nothing to pay</h2>
        <p className="muted">You have no bookings waiting for payment. Pick a facility and a time, and your booking will appear here.</p>
        <div className="dash-actions">
          <a className="btn" href="/facilities-list">
            Browse facilities
          </a>
          <a className="btn btn-secondary" href="/dashboard/userBookings">
            My bookings
          </a>
        </div>
      </div>
    );

  return (
    <div className="checkout">
      <section className="card checkout-summary" aria-labelledby="summary-title">
        <div className="card-body">
          <h2 id="summary-title">Bookings to pay</h2>
          <ul className="checkout-lines">
            {items.map((b) => {
              const note = cancellationNote(b, now);
              return (
                <li key={b._id}>
                  <div className="user-text">
                    <strong>{b.facility.name}</strong>
                    <span className="muted">
                      {formatDate(b.date)} · <span className="nowrap">{b.startTime}–{b.endTime}{zoneSuffixOn(b.date, b.facility.timezone)}</span>
                    </span>
                    {b.holdExpiresAt && <small className="badge-detail">Held until {formatZoned(b.holdExpiresAt, b.facility.timezone)}</small>}
                    {note && <small className={`checkout-policy checkout-policy-${note.tone}`}>{note.text}</small>}
                  </div>
                  <span className="checkout-amount">{formatDollars(b.payableAmount)}</span>
                </li>
              );
            })}
          </ul>
          <p className="checkout-total">
            <span>Total</span>
            <strong>{formatDollars(total)}</strong>
          </p>
        </div>
      </section>

      <form className="card checkout-form" onSubmit={submit} noValidate aria-labelledby="payer-title">
        <div className="card-body">
          <h2 id="payer-title">Paying as</h2>
          {/* The order is the account's: its details are shown, not asked for again. */}
          <dl className="checkout-payer user-text">
            <div>
              <dt>Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
          <p className="muted checkout-note">
            Not right? <a href="/dashboard">Edit your profile</a>.
          </p>
          <div className="checkout-terms">
            <h3>Cancellation policy</h3>
            <p>{settings ? cancellationPolicy(settings) : 'Each booking above shows its free cancellation deadline.'}</p>
          </div>
          {failure && (
            <p className="alert alert-error" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="btn checkout-pay" disabled={total <= 0 || paying} aria-busy={paying}>
            {paying ? 'Opening the payment page…' : `Pay ${formatDollars(total)}`}
          </button>
          <p className="muted checkout-note">You will be taken to our payment provider's secure page to complete the payment.</p>
        </div>
      </form>
    </div>
  );
}

/** `settings`: the server's policy, read when the page rendered (null if it could not be read). */
export default function CheckoutView({ settings }: { settings: PublicSettings | null }) {
  return (
    <DashboardFrame title="Payment" lead="Pay for your held bookings to confirm them.">
      {(user) => <Checkout key={user._id} user={user} settings={settings} />}
    </DashboardFrame>
  );
}
