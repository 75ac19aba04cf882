import type { ReactNode } from 'react';
import type { BookingDto, PromoQuoteDto } from '@courtside/contracts';
import { formatLongDate, formatMoney } from '@courtside/browser';
import { cancellationNote } from '../../lib/policy.ts';
import { formatZoned, zoneSuffixOn } from '../../lib/zoned-time.ts';

/**
 * The bookings being paid for, each with its hold and cancellation deadline, and the total;
 * with a promo code applied, the subtotal, the discount and the total to pay. `children`: the
 * promo code's form, between the lines and the total.
 */
export function CheckoutLines({ items, total, now, quote, children }: { items: BookingDto[]; total: number; now: number; quote: PromoQuoteDto | null; children?: ReactNode }) {
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
        {/* Another court or another hour, held the same way, lands here too. */}
        {items.length > 0 && (
          <p className="checkout-more">
            <a href={`/find?date=${items[items.length - 1]!.date}`}>+ Add another slot</a>
          </p>
        )}
        {children}
        {quote && (
          <dl className="checkout-breakdown">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatMoney(quote.subtotal)}</dd>
            </div>
            <div>
              <dt>Promo code {quote.promoCode}</dt>
              <dd>−{formatMoney(quote.discount)}</dd>
            </div>
          </dl>
        )}
        <p className="checkout-total">
          <span>Total</span>
          <strong>{formatMoney(quote ? quote.totalPayableAmount : total)}</strong>
        </p>
      </div>
    </section>
  );
}
