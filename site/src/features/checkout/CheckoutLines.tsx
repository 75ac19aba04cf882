import type { BookingDto } from '@courtside/contracts';
import { formatLongDate, formatMoney } from '@courtside/browser';
import { cancellationNote } from '../../lib/policy.ts';
import { formatZoned, zoneSuffixOn } from '../../lib/zoned-time.ts';

/** The bookings being paid for, each with its hold and cancellation deadline, and the total. */
export function CheckoutLines({ items, total, now }: { items: BookingDto[]; total: number; now: number }) {
  return (
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
                    {formatLongDate(b.date)} · <span className="nowrap">{b.startTime}–{b.endTime}{zoneSuffixOn(b.date, b.facility.timezone)}</span>
                  </span>
                  {b.holdExpiresAt && <small className="badge-detail">Held until {formatZoned(b.holdExpiresAt, b.facility.timezone)}</small>}
                  {note && <small className={`checkout-policy checkout-policy-${note.tone}`}>{note.text}</small>}
                </div>
                <span className="checkout-amount">{formatMoney(b.payableAmount)}</span>
              </li>
            );
          })}
        </ul>
        <p className="checkout-total">
          <span>Total</span>
          <strong>{formatMoney(total)}</strong>
        </p>
      </div>
    </section>
  );
}
