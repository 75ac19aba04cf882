import type { BookingDto } from '@courtside/contracts';
import { formatLongDate, formatMoney } from '@courtside/browser';
import { isActive, isPayable } from '../../lib/bookings.ts';
import { cancellationNote } from '../../lib/policy.ts';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';
import { paymentBadge, statusBadge } from './badges.ts';
import { canAddToCalendar, canCancel } from './bookings.ts';
import { Pill } from './Pill.tsx';

/** One booking in My Bookings: when, where, how much, where it stands, and what can be done with it. */
export function BookingRow(props: { booking: BookingDto; now: number; cancelling: boolean; onCancel: () => void; downloading: boolean; onAddToCalendar: () => void }) {
  const { booking: b, now, cancelling, onCancel } = props;
  const active = isActive(b, now);
  const note = active ? cancellationNote(b, now) : null;
  const label = `${b.facility.name} on ${formatLongDate(b.date)} at ${b.startTime}`;
  return (
    <tr className={active ? '' : 'is-past'}>
      <td className="dash-booking">
        <p className="dash-when">
          <span className="dash-date">{formatLongDate(b.date)}</span>{' '}
          <span className="dash-time">
            {b.startTime}–{b.endTime}
            {zoneSuffixOn(b.date, b.facility.timezone)}
          </span>
        </p>
        <a className="dash-facility user-text" href={`/facilities/${b.facility._id}`}>{b.facility.name}</a>
        {b.facility.location && <small className="muted dash-sub user-text">{b.facility.location}</small>}
      </td>
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
        <span className="dash-amount">{formatMoney(b.payableAmount)}</span>
        <Pill badge={paymentBadge(b)} />
      </td>
      <td className="dash-row-actions">
        {isPayable(b, now) && (
          <a className="btn btn-small" href="/dashboard/checkoutForPayment" aria-label={`Pay now for ${label}`}>
            Pay now
          </a>
        )}
        {canAddToCalendar(b) && (
          <button type="button" className="btn btn-small btn-secondary" onClick={props.onAddToCalendar} disabled={props.downloading} aria-label={`Add to calendar: ${label}`}>
            {props.downloading ? 'Preparing…' : 'Add to calendar'}
          </button>
        )}
        {canCancel(b, now) && (
          <button type="button" className="btn btn-small btn-outline-danger" onClick={onCancel} disabled={cancelling} aria-label={`Cancel ${label}`}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </td>
    </tr>
  );
}
