import type { ReactNode } from 'react';
import type { BookingDto, PromoQuoteDto } from '@courtside/contracts';
import { formatLongDate, formatMoney, formatTimeRange } from '@courtside/browser';
import { playUntil } from '../../lib/play-time.ts';
import { cancellationNote } from '../../lib/policy.ts';
import { formatZoned, zoneSuffixOn } from '../../lib/zoned-time.ts';
import { facilityStepHref } from '../booking/choice.ts';

/**
 * The bookings being paid for, each with its hold, its cancellation deadline and Remove, and the
 * total; with a promo code applied, the subtotal, the discount and the total to pay; split, what
 * the organizer pays now; with credit, what it pays and what is left for the card. `children`: the promo code's form, between the lines and the total.
 */
export function CheckoutLines({ items, total, now, quote, splitNow, credit, removal, children }: {
  items: BookingDto[];
  total: number;
  now: number;
  quote: PromoQuoteDto | null;
  /** Split the cost: the organizer's own shares, charged now (null: paying for everyone). */
  splitNow: number | null;
  /** Paying with credit: what it takes and what is left for the card (null: no credit used). */
  credit: { fromCredit: number; byCard: number } | null;
  /** Releasing one hold: which is on its way (null: none), and the way to ask. */
  removal: { removing: string | null; disabled: boolean; remove: (id: string) => void };
  children?: ReactNode;
}) {
  return (
    <section className="card checkout-summary" aria-labelledby="summary-title">
      <div className="card-body">
        <h2 id="summary-title">Bookings to pay</h2>
        <ul className="checkout-lines">
          {items.map((b) => {
            const note = cancellationNote(b, now);
            const play = playUntil(b);
            return (
              <li key={b._id}>
                <div className="user-text">
                  <strong>{b.facility.name}</strong>
                  <span className="muted">
                    {formatLongDate(b.date)} · <span className="nowrap">{formatTimeRange(b.startTime, b.endTime)}{zoneSuffixOn(b.date, b.facility.timezone)}</span>
                  </span>
                  {play && <small className="muted checkout-play">{play}: the last minutes turn the court over</small>}
                  {b.holdExpiresAt && <small className="badge-detail">Held until {formatZoned(b.holdExpiresAt, b.facility.timezone)}</small>}
                  {note && <small className={`checkout-policy checkout-policy-${note.tone}`}>{note.text}</small>}
                </div>
                <div className="checkout-line-end">
                  <span className="checkout-amount">{formatMoney(b.payableAmount)}</span>
                  <button type="button" className="btn btn-small btn-secondary checkout-remove" disabled={removal.disabled || removal.removing !== null}
                    aria-label={`Remove ${b.facility.name}, ${formatLongDate(b.date)}, ${formatTimeRange(b.startTime, b.endTime)}`} onClick={() => removal.remove(b._id)}>
                    {removal.removing === b._id ? 'Removing…' : 'Remove'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        {/* Another hour, or (from the step) another court of the same sport: held the same way, it lands here too. */}
        {items.length > 0 && (
          <p className="checkout-more">
            <a href={facilityStepHref(items[items.length - 1]!.facility._id, items[items.length - 1]!.date)}>+ Add another slot</a>
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
        {credit && (
          <dl className="checkout-breakdown checkout-credit-lines">
            <div>
              <dt>From your credit</dt>
              <dd>−{formatMoney(credit.fromCredit)}</dd>
            </div>
            <div className="checkout-by-card">
              <dt>To pay by card</dt>
              <dd>{formatMoney(credit.byCard)}</dd>
            </div>
          </dl>
        )}
        {splitNow !== null && (
          <p className="checkout-now">
            <span>{items.length === 1 ? 'Your share, paid now' : 'Your shares, paid now'}</span>
            <strong>{formatMoney(splitNow)}</strong>
          </p>
        )}
      </div>
    </section>
  );
}
