import { useState } from 'react';
import type { BookingDto } from '@courtside/contracts';
import { formatClockTime, formatLongDate, formatMoney, formatTimeRange } from '@courtside/browser';
import { amountOf, isActive, isPayable } from '../../lib/bookings.ts';
import { playUntil } from '../../lib/play-time.ts';
import { cancellationNote } from '../../lib/policy.ts';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';
import { paymentBadge, statusBadge } from './badges.ts';
import { canAddToCalendar, canCancel } from './bookings.ts';
import { Pill } from './Pill.tsx';
import { RateForm } from '../reviews/RateForm.tsx';
import { ratedText } from '../reviews/reviews.ts';
import { PlayersPanel } from '../players/PlayersPanel.tsx';
import { listsPlayers, playersLabel } from '../players/players.ts';
import { usePlayers } from '../players/usePlayers.ts';
import { DoorCode } from '../door/DoorCode.tsx';
import { doorView } from '../door/door-code.ts';

/**
 * One booking in My Bookings: when, where, how much, where it stands, and what can be done with
 * it; once it has taken place, "Rate this court" (a form in a row of its own) or the rating given.
 * Before it starts, "Players (2/4)" opens its players in a row of its own (afterwards too, for a
 * booking paid at a facility for several: who paid their share, and what went back). A confirmed
 * booking shows its door code from the day before (with its QR), and says so until then.
 */
export function BookingRow(props: { booking: BookingDto; now: number; cancelling: boolean; onCancel: () => void; downloading: boolean; onAddToCalendar: () => void }) {
  const { booking: b, now, cancelling, onCancel } = props;
  const [rated, setRated] = useState<number | null>(null);
  const [rating, setRating] = useState(false);
  const active = isActive(b, now);
  const note = active ? cancellationNote(b, now) : null;
  const label = `${b.facility.name} on ${formatLongDate(b.date)} at ${formatClockTime(b.startTime)}`;
  const play = playUntil(b);
  const given = b.review?.rating ?? rated;
  const formId = `rate-${b._id}`;
  const listed = listsPlayers(b, now);
  const [playersOpen, setPlayersOpen] = useState(false);
  // The count comes with the booking; the list is read when its panel first opens.
  const players = usePlayers(b._id, listed && playersOpen, `${b.status} ${b.paymentStatus} ${b.refundState}`);
  const playersId = `players-${b._id}`;
  const loaded = players.load.phase === 'ready' ? players.load.players : null;
  const playersText = playersLabel(loaded ? { count: loaded.players.length, max: loaded.maxPlayers } : b.players);
  const door = doorView(b, active);
  return (
    <>
    <tr className={active ? '' : 'is-past'}>
      <td className="dash-booking">
        <p className="dash-when">
          <span className="dash-date">{formatLongDate(b.date)}</span>{' '}
          <span className="dash-time">
            {formatTimeRange(b.startTime, b.endTime)}
            {zoneSuffixOn(b.date, b.facility.timezone)}
          </span>
          {play && <small className="dash-sub">{play}, then changeover</small>}
        </p>
        <a className="dash-facility user-text" href={`/facilities/${b.facility._id}`}>{b.facility.name}</a>
        {b.facility.location && <small className="muted dash-sub user-text">{b.facility.location}</small>}
        {door && <DoorCode view={door} label={label} />}
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
        <span className="dash-amount">{formatMoney(amountOf(b))}</span>
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
        {listed && (
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setPlayersOpen((o) => !o)} aria-expanded={playersOpen} aria-controls={playersOpen ? playersId : undefined}
            aria-label={`${playersText}: ${label}`}>
            {playersText}
          </button>
        )}
        {canCancel(b, now) && (
          <button type="button" className="btn btn-small btn-outline-danger" onClick={onCancel} disabled={cancelling} aria-label={`Cancel ${label}`}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        {b.reviewable && given === null && !rating && (
          <button type="button" className="btn btn-small" onClick={() => setRating(true)} aria-label={`Rate this court: ${label}`}>
            Rate this court
          </button>
        )}
        {given !== null && <span className="rate-done">{ratedText(given)}</span>}
      </td>
    </tr>
    {listed && playersOpen && (
      <tr className="dash-players-row">
        <td colSpan={4}>
          <PlayersPanel id={playersId} label={label} booking={{ timeZone: b.facility.timezone, cancelled: b.status === 'cancelled' }} players={players} />
        </td>
      </tr>
    )}
    {rating && given === null && (
      <tr className="dash-rate-row" id={formId}>
        <td colSpan={4}>
          <RateForm bookingId={b._id} facilityName={b.facility.name} onDone={(n) => { setRated(n); setRating(false); }} onClose={() => setRating(false)} />
        </td>
      </tr>
    )}
    </>
  );
}
