import { formatLongDate, formatMoney } from '@courtside/browser';
import { cancellationNote } from '../../lib/policy.ts';
import { formatZoned, zoneSuffixOn } from '../../lib/zoned-time.ts';
import type { Held } from './useHold.ts';

/** The hold the server just gave: what, when, until when to pay, and the way to checkout. */
export function HeldNotice({ held, facilityName, timezone, noticeRef, onDismiss }: {
  held: Held;
  facilityName: string;
  timezone: string;
  noticeRef: { current: HTMLDivElement | null };
  onDismiss: () => void;
}) {
  const note = cancellationNote(held);
  return (
    <div className="held alert-ok" ref={noticeRef} tabIndex={-1} role="status">
      <div>
        <p className="held-title">Your slot is on hold</p>
        <p>
          <span className="user-text">{facilityName}</span>, {formatLongDate(held.date)}, {held.startTime} – {held.endTime}{zoneSuffixOn(held.date, timezone)} · {formatMoney(held.payableAmount)}.
          {held.holdExpiresAt && <> Pay before <strong>{formatZoned(held.holdExpiresAt, timezone)}</strong> to confirm it.</>}
        </p>
        {note && <p className={`held-policy held-policy-${note.tone}`}>{note.text}.</p>}
      </div>
      <div className="held-actions">
        <a className="btn" href="/dashboard/checkoutForPayment">Go to checkout</a>
        <button type="button" className="btn btn-secondary" onClick={onDismiss}>Book another time</button>
      </div>
    </div>
  );
}
