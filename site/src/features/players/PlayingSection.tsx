import type { PlayingBookingDto } from '@courtside/contracts';
import { LoadFailed } from '../../ui/LoadStatus.tsx';
import { Pill } from '../dashboard/Pill.tsx';
import { organizedBy, playWhen } from './join.ts';
import { mayLeave, playersCount, playingBadge, playingLabel, shareLine } from './playing.ts';
import { usePayShare } from './usePayShare.ts';
import { usePlaying } from './usePlaying.ts';
import './players.css';
import { DoorCode } from '../door/DoorCode.tsx';
import { doorView } from '../door/door-code.ts';

/**
 * My bookings' "Playing": the bookings the customer joined (someone else booked them), soonest
 * first, each with its organizer, how many play, where it stands, their share when the cost is
 * split (Pay your share while it is open), its door code from the day before, and Leave. Hidden
 * when there are none.
 */
export function PlayingSection() {
  const { load, busy, leave, refresh } = usePlaying();
  const share = usePayShare();
  if (load.phase === 'loading') return null;
  if (load.phase === 'error') return <LoadFailed text="Could not load the bookings you play in." onRetry={() => void refresh()} />;
  if (load.bookings.length === 0) return null;
  const now = Date.now();
  return (
    <section className="card dash-playing" aria-labelledby="playing-title">
      <h2 id="playing-title">Playing</h2>
      <ul className="playing-list">
        {load.bookings.map((p) => (
          <li key={p.bookingId} className={`playing-item${mayLeave(p, now) ? '' : ' is-past'}`}>
            <div className="playing-main">
              <p className="playing-what"><a className="user-text" href={`/facilities/${p.facility.id}`}>{p.facility.name}</a></p>
              <p className="playing-when">{playWhen(p)}</p>
              <p className="playing-who"><span className="user-text">{organizedBy(p.organizerName)}</span> · {playersCount(p)}</p>
              <Pill badge={playingBadge(p, now)} />
              <ShareLine line={shareLine(p, now)} paying={share.paying === p.bookingId} label={playingLabel(p)} onPay={() => void share.pay(p.bookingId)} />
              {share.refusal?.bookingId === p.bookingId && <p className="alert alert-error playing-refusal" role="alert">{share.refusal.message}</p>}
              <PlayingDoor p={p} upcoming={mayLeave(p, now)} />
            </div>
            {mayLeave(p, now) && (
              <button type="button" className="btn btn-small btn-outline-danger" onClick={() => void leave(p)} disabled={busy === p.bookingId} aria-label={`Leave ${playingLabel(p)}`}>
                {busy === p.bookingId ? 'Leaving…' : 'Leave'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The door code of a booking the customer plays in, as its organizer sees it (from the day before). */
function PlayingDoor({ p, upcoming }: { p: PlayingBookingDto; upcoming: boolean }) {
  // Under way the server still sends the code; before its start the row says when it will.
  const view = doorView(p, upcoming || p.accessCode !== null);
  return view && <DoorCode view={view} label={playingLabel(p)} />;
}

/** The player's share: what it is and by when, with Pay your share while it is open. */
function ShareLine({ line, paying, label, onPay }: { line: { text: string; payable: boolean } | null; paying: boolean; label: string; onPay: () => void }) {
  if (!line) return null;
  return (
    <div className="playing-share">
      <p>{line.text}</p>
      {line.payable && (
        <button type="button" className="btn btn-small" onClick={onPay} disabled={paying} aria-busy={paying} aria-label={`Pay your share: ${label}`}>
          {paying ? 'Opening the payment page…' : 'Pay your share'}
        </button>
      )}
    </div>
  );
}
