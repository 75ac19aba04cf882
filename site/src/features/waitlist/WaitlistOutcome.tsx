import { bookHref } from '../booking/choice.ts';
import { slotChipName } from '../slots/slot-chips.ts';
import { formatClockTime } from '@courtside/browser';
import { freeByFacility, type OutcomeView } from './waitlist.ts';

const ALERT: Record<OutcomeView['tone'], string> = { ok: 'alert-ok', warn: 'alert-warn', error: 'alert-error' };

/** What joining the waitlist came to: in line (and where to see it), already there, free now (book it instead), or refused. */
export function WaitlistOutcome({ view }: { view: OutcomeView }) {
  return (
    <div className={`alert ${ALERT[view.tone]} waitlist-outcome`}>
      <p>
        {view.text}
        {view.link && <> <a href={view.link.href}>{view.link.text}</a></>}
      </p>
      {view.freeSlots && view.freeSlots.length > 0 && freeByFacility(view.freeSlots).map((group) => (
        <ul key={`${group.facility._id} ${group.date}`} className="slot-chips" aria-label={`Free now at ${group.facility.name}`}>
          {group.slots.map((s) => (
            <li key={s.startTime}>
              <a className="slot-chip" href={bookHref({ facility: s.facilityId, date: s.date, start: s.startTime, end: s.endTime })} aria-label={`Book ${slotChipName(group.facility, s)}`}>
                <span className="slot-chip-time">
                  <span className="slot-chip-at">{formatClockTime(s.startTime)}</span> <span className="slot-chip-to">to</span> <span className="slot-chip-at">{formatClockTime(s.endTime)}</span>
                </span>
                {view.freeSlots!.some((o) => o.facilityId !== s.facilityId) && <span className="slot-chip-play">{group.facility.name}</span>}
              </a>
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}
