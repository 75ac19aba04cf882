import type { PublicSettings } from '@courtside/contracts';
import { formatLongDate, formatMoney } from '@courtside/browser';
import { cancellationPolicy, holdPolicy } from '../../lib/policy.ts';
import { formatHours, hoursBetween, rateText } from './booking.ts';

/** The side panel: the choice so far, its total (from the slots' prices), Book, and the venue's policy. */
export function BookingSummary({ date, start, end, pricePerHour, tier, total, formError, submitting, settings }: {
  date: string | null;
  start: string;
  end: string;
  pricePerHour: number;
  /** The signed-in customer's tier when it priced the slots. */
  tier: string | undefined;
  total: number;
  formError: string;
  submitting: boolean;
  settings: PublicSettings;
}) {
  const hours = hoursBetween(start, end);
  return (
    <aside className="summary" aria-label="Booking summary">
      <h2 className="summary-title">Your booking</h2>
      <dl>
        <div><dt>Date</dt><dd>{date ? formatLongDate(date) : '—'}</dd></div>
        <div><dt>Time</dt><dd>{start && end ? `${start} – ${end}` : '—'}</dd></div>
        <div><dt>Duration</dt><dd>{hours > 0 ? formatHours(hours) : '—'}</dd></div>
        <div><dt>Rate</dt><dd>{rateText({ start, end, total }, pricePerHour, tier)}</dd></div>
      </dl>
      <p className="total"><span>Total</span><strong>{formatMoney(total)}</strong></p>
      {formError && <p className="alert alert-error" role="alert">{formError}</p>}
      <button type="submit" className="btn book-btn" disabled={submitting}>
        {submitting ? <><span className="spinner light" aria-hidden="true"></span>Booking…</> : 'Book'}
      </button>
      <p className="muted fine">The final price is confirmed by the server. {holdPolicy(settings)}</p>
      <div className="policy">
        <h3 className="policy-title">Cancellation policy</h3>
        <p>{cancellationPolicy(settings, 'facility')}</p>
      </div>
    </aside>
  );
}
