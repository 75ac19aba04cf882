import type { WaitlistEntryDto } from '@courtside/contracts';
import { formatLongDate } from '@courtside/browser';
import { CHECKOUT_PATH } from '../../lib/paths.ts';
import { Pill } from '../dashboard/Pill.tsx';
import { LoadFailed } from '../../ui/LoadStatus.tsx';
import { OfferCountdown } from './OfferCountdown.tsx';
import { useWaitlist } from './useWaitlist.ts';
import { entryLabel, entryLength, entryTimes, entryWhat, isActiveEntry, liveOffer, offerText, statusWords } from './waitlist.ts';
import './waitlist.css';

/**
 * My bookings' "Waitlist": what the customer waits for (a facility's slot, or any court of a
 * sport in a window), where each stands, and Leave; an offer stands out, with the time left to
 * pay, Pay now (checkout, where the offered hold is) and Decline. Nothing shows until there is an entry.
 */
export function WaitlistSection({ onChange, zoneOf }: {
  onChange: () => Promise<void>;
  /** The facility's zone of a held booking of the customer's (an offer is one), when the bookings list has it. */
  zoneOf: (bookingId: string) => string | undefined;
}) {
  const { load, refresh, busy, leave, lapsed } = useWaitlist(onChange);
  if (load.phase === 'loading') return null;
  if (load.phase === 'error') return <LoadFailed text="Could not load your waitlist." onRetry={() => void refresh()} />;
  if (load.entries.length === 0) return null;
  const now = Date.now();
  return (
    <section className="card dash-waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">Waitlist</h2>
      <ul className="waitlist-entries">
        {load.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} now={now} zone={entry.offer ? zoneOf(entry.offer.bookingId) : undefined} leaving={busy === entry.id} onLeave={() => void leave(entry)} onLapse={lapsed} />
        ))}
      </ul>
    </section>
  );
}

function Entry({ entry, now, zone, leaving, onLeave, onLapse }: {
  entry: WaitlistEntryDto;
  now: number;
  zone: string | undefined;
  leaving: boolean;
  onLeave: () => void;
  onLapse: () => void;
}) {
  const offer = liveOffer(entry, now);
  const label = entryLabel(entry);
  return (
    <li className={`waitlist-entry${offer ? ' is-offered' : ''}${isActiveEntry(entry) ? '' : ' is-past'}`}>
      {offer && (
        <div className="waitlist-offer" role="group" aria-label="A court is free for you">
          <p className="waitlist-offer-text"><strong>{offerText(offer, zone)}</strong></p>
          <OfferCountdown expiresAt={offer.expiresAt} onLapse={onLapse} />
          <div className="waitlist-actions">
            <a className="btn" href={CHECKOUT_PATH} aria-label={`Pay now for ${label}`}>Pay now</a>
            <button type="button" className="btn btn-outline-danger" onClick={onLeave} disabled={leaving} aria-label={`Decline ${label}`}>
              {leaving ? 'Declining…' : 'Decline'}
            </button>
          </div>
        </div>
      )}
      <div className="waitlist-entry-main">
        <p className="waitlist-what user-text"><strong>{entryWhat(entry)}</strong></p>
        <p className="waitlist-when">
          <span className="dash-date">{formatLongDate(entry.date)}</span>{' '}
          <span className="dash-time">{entryTimes(entry)} · {entryLength(entry)}</span>
        </p>
        <Pill badge={statusWords(entry, now)} />
      </div>
      {!offer && isActiveEntry(entry) && (
        <div className="waitlist-actions">
          <button type="button" className="btn btn-small btn-outline-danger" onClick={onLeave} disabled={leaving} aria-label={`Leave the waitlist: ${label}`}>
            {leaving ? 'Leaving…' : 'Leave'}
          </button>
        </div>
      )}
    </li>
  );
}
