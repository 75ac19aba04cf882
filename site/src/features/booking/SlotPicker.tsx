import { formatClockTime, formatMoney, formatTimeRange } from '@courtside/browser';
import { MESSAGES, lengthLabel, type LengthOption, type Slot, type SlotsState } from './booking.ts';

/** Step 2: the day's free slots as chips (tap to start, tap a later one to extend), the start, and the lengths the facility takes, each priced. */
export function SlotPicker({ active, state, slots, zone, tier, choice, onRetry, onNextDay }: {
  /** False while the date is not one that may be booked: the lists stay, the slots go. */
  active: boolean;
  state: SlotsState;
  slots: Slot[];
  /** The facility's zone name when the visitor's clock differs, else ''. */
  zone: string;
  /** The signed-in customer's tier when it priced the slots. */
  tier: string | undefined;
  choice: {
    start: string;
    end: string;
    starts: Slot[];
    lengths: LengthOption[];
    covered: Set<string>;
    chooseStart: (value: string) => void;
    chooseEnd: (value: string) => void;
    pick: (slot: Slot) => void;
  };
  onRetry: () => void;
  /** Offered when the day is full and a later day may still be booked. */
  onNextDay?: () => void;
}) {
  // Said with or without free slots: a visitor in another zone must know whose clock the day follows.
  const zoneNote = zone && <> Times are the facility's local time ({zone}).</>;
  return (
    <>
      <div className="slot-area" aria-busy={state.status === 'loading'}>
        {!active ? null : state.status === 'loading' ? (
          <p className="slot-note"><span className="spinner" aria-hidden="true"></span>Loading available slots…</p>
        ) : state.status === 'error' ? (
          <div className="alert alert-error slot-error">
            <span>{state.message}</span>
            <button type="button" className="btn btn-secondary" onClick={onRetry}>Try again</button>
          </div>
        ) : slots.length === 0 ? (
          <div className="slot-note empty">
            <span>{MESSAGES.noSlots}{zoneNote}</span>
            {onNextDay && <button type="button" className="btn btn-secondary" onClick={onNextDay}>Show the next day</button>}
          </div>
        ) : (
          <>
            {tier && <p className="tier-note"><strong>{tier} price</strong>: every price below is yours.</p>}
            <p className="muted slot-help">
              Tap a free slot to start, then choose how long to play (or tap a later slot).
              {zoneNote}
            </p>
            <ul className="slots" aria-label="Free slots">
              {slots.map((slot) => (
                <li key={slot.startTime}>
                  <button type="button" className="chip" aria-pressed={choice.covered.has(slot.startTime)} onClick={() => choice.pick(slot)}>
                    {formatTimeRange(slot.startTime, slot.endTime)}
                    {slot.price !== undefined && <span className="chip-price"> {formatMoney(slot.price)}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="times">
        <div className="field">
          <label htmlFor="booking-start">Start time</label>
          <select id="booking-start" value={choice.start} onChange={(e) => choice.chooseStart(e.currentTarget.value)} disabled={choice.starts.length === 0}>
            <option value="">Select start</option>
            {choice.starts.map((s) => <option key={s.startTime} value={s.startTime}>{formatClockTime(s.startTime)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="booking-length">Length</label>
          <select id="booking-length" value={choice.end} onChange={(e) => choice.chooseEnd(e.currentTarget.value)} disabled={!choice.start}>
            {!choice.start && <option value="">Select a start first</option>}
            {choice.lengths.map((l) => <option key={l.end} value={l.end}>{lengthLabel(l)}</option>)}
          </select>
        </div>
      </div>
    </>
  );
}
