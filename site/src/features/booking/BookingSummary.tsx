import type { ReactNode } from 'react';
import type { PublicSettings } from '@courtside/contracts';
import { durationText, parseTime } from '@courtside/domain';
import { formatLongDate, formatMoney, formatTimeRange } from '@courtside/browser';
import { cancellationPolicy, holdPolicy } from '../../lib/policy.ts';

/**
 * The side panel: the choice so far, its price (the sum of its slots' prices, as the server priced
 * them for the customer: "Member price" when their tier did), Hold, and the facility's policy.
 */
export function BookingSummary({ date, start, end, tier, total, formError, myBookings, waitlist, submitting, settings }: {
  date: string | null;
  start: string;
  end: string;
  /** The signed-in customer's tier when it priced the slots. */
  tier: string | undefined;
  total: number | undefined;
  formError: string;
  /** The refusal is one My bookings can resolve (a quota, the hold limit): lead there, not to trying again. */
  myBookings: boolean;
  /** Under the refusal: joining the waitlist for the time (others wait for it). */
  waitlist?: ReactNode;
  submitting: boolean;
  settings: PublicSettings;
}) {
  const minutes = start && end ? parseTime(end) - parseTime(start) : 0;
  return (
    <aside className="summary" aria-label="Booking summary">
      <h2 className="summary-title">Your booking</h2>
      <dl>
        <div><dt>Date</dt><dd>{date ? formatLongDate(date) : '—'}</dd></div>
        <div><dt>Time</dt><dd>{minutes > 0 ? formatTimeRange(start, end) : '—'}</dd></div>
        <div><dt>Length</dt><dd>{minutes > 0 ? durationText(minutes) : '—'}</dd></div>
      </dl>
      <p className="total">
        <span>{tier ? <span className="tier-tag">{tier} price</span> : 'Total'}</span>
        <strong>{total === undefined ? '—' : formatMoney(total)}</strong>
      </p>
      {formError && (
        <p className="alert alert-error" role="alert">
          {formError}
          {myBookings && <> <a href="/dashboard/userBookings">My bookings</a></>}
        </p>
      )}
      {waitlist}
      <button type="submit" className="btn book-btn" disabled={submitting}>
        {submitting ? <><span className="spinner light" aria-hidden="true"></span>Booking…</> : 'Book'}
      </button>
      <p className="muted fine">Booking holds the slot and takes you to checkout. {holdPolicy(settings)}</p>
      <div className="policy">
        <h3 className="policy-title">Cancellation policy</h3>
        <p>{cancellationPolicy(settings, 'facility')}</p>
      </div>
    </aside>
  );
}
