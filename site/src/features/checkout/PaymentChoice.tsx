import type { BookingDto } from '@courtside/contracts';
import { formatLongDate, formatMoney, formatTimeRange } from '@courtside/browser';
import { sharesDueRule } from '@courtside/domain';
import { splitLineText, type SplitLine } from './checkout.ts';

/**
 * Who pays: the organizer for everyone (the default), or each player their share. Split, each
 * booking says what is charged now and what each player pays (the shares the order will charge),
 * and the rule the organizer agrees to for shares still unpaid at the due time.
 */
export function PaymentChoice({ items, split, lines, dueHours, disabled, onChange }: {
  items: BookingDto[];
  split: boolean;
  /** The shares of each booking, in the order of `items`; null while paying for everyone. */
  lines: SplitLine[] | null;
  /** The server's SHARE_DUE_HOURS (the domain's default if the page could not read it). */
  dueHours: number | undefined;
  disabled: boolean;
  onChange: (split: boolean) => void;
}) {
  return (
    <fieldset className="checkout-choice" disabled={disabled}>
      <legend>Who pays</legend>
      <label className="checkout-option">
        <input type="radio" name="split" value="everyone" checked={!split} onChange={() => onChange(false)} />
        <span>
          <strong>Pay for everyone</strong>
          <small className="muted">You pay the whole price now.</small>
        </span>
      </label>
      <label className="checkout-option">
        <input type="radio" name="split" value="split" checked={split} onChange={() => onChange(true)} />
        <span>
          <strong>Split the cost</strong>
          <small className="muted">You pay your share now; each player pays theirs from the booking's link.</small>
        </span>
      </label>
      {lines && (
        <div className="checkout-split" aria-live="polite">
          {lines.length === 1 ? (
            <p className="checkout-split-line">{splitLineText(lines[0]!, formatMoney)}</p>
          ) : (
            <ul>
              {lines.map((line, i) => {
                const b = items[i]!;
                return (
                  <li key={line.bookingId}>
                    <span className="user-text">{b.facility.name}, {formatLongDate(b.date)}, {formatTimeRange(b.startTime, b.endTime)}: </span>
                    {splitLineText(line, formatMoney)}
                  </li>
                );
              })}
            </ul>
          )}
          <p className="checkout-split-rule">{sharesDueRule(dueHours)}</p>
        </div>
      )}
    </fieldset>
  );
}
