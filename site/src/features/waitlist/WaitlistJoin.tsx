import { useId } from 'react';
import { formatTimeRange } from '@courtside/browser';
import { useJoinWaitlist } from './useJoinWaitlist.ts';
import { WaitlistOutcome } from './WaitlistOutcome.tsx';
import { slotEntryBody, type JoinOutcome } from './waitlist.ts';
import './waitlist.css';

/**
 * "Taken? Join the waitlist for 6:00 PM – 7:00 PM": one facility's slot, joined with one tap,
 * and what came of it said in place (a polite live region). Key it by the slot, so another slot starts afresh.
 */
export function WaitlistJoin({ facilityId, date, start, end, lead, onOutcome }: {
  facilityId: string;
  date: string;
  start: string;
  end: string;
  /** The line above the button; "Taken? Join the waitlist for …" when left out. */
  lead?: string;
  onOutcome?: (outcome: JoinOutcome) => void;
}) {
  const { busy, view, join } = useJoinWaitlist(onOutcome);
  const id = useId();
  const when = formatTimeRange(start, end);
  // Once in line (or offered the free time instead) there is nothing more to press here.
  const done = view !== null && view.tone !== 'error';
  return (
    <div className={`waitlist-join${done ? ' is-done' : ''}`}>
      {!done && (
        <>
          <p className="waitlist-lead" id={`${id}-lead`}>{lead ?? <>Taken? Join the waitlist for <span className="waitlist-slot-time">{when}</span>.</>}</p>
          <button type="button" className="btn" disabled={busy} onClick={() => void join(slotEntryBody(facilityId, date, start, end))}
            aria-describedby={`${id}-lead`}>
            {busy ? 'Joining…' : 'Join the waitlist'}
          </button>
        </>
      )}
      <div aria-live="polite">{view && <WaitlistOutcome view={view} />}</div>
    </div>
  );
}
