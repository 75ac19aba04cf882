import type { ReactNode } from 'react';
import { formatClockTime, formatMoney, formatTimeRange } from '@courtside/browser';
import type { GridSlot } from '../slots/taken-slots.ts';
import { MESSAGES, lengthLabel, type LengthOption, type Slot, type SlotsState } from './booking.ts';

/**
 * Step 2: the day's slots as chips, free ones to book (tap to start, tap a later one to extend)
 * and taken ones to wait for (tap to join the waitlist); the start, and the lengths the facility
 * takes, each priced.
 */
export function SlotPicker({ active, state, slots, taken, waitFor, onWaitFor, waitlist, zone, tier, choice, onRetry, onNextDay }: {
  /** False while the date is not one that may be booked: the lists stay, the slots go. */
  active: boolean;
  state: SlotsState;
  slots: Slot[];
  /** The day's slots someone else holds (the grid less the free ones). */
  taken: GridSlot[];
  /** The start of the taken slot chosen to wait for, if any. */
  waitFor: string | null;
  onWaitFor: (slot: GridSlot) => void;
  /** Shown under the chips: joining the waitlist for the taken slot chosen. */
  waitlist?: ReactNode;
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
        ) : slots.length === 0 && taken.length === 0 ? (
          <div className="slot-note empty">
            <span>{MESSAGES.noSlots}{zoneNote}</span>
            {onNextDay && <button type="button" className="btn btn-secondary" onClick={onNextDay}>Show the next day</button>}
          </div>
        ) : (
          <>
            {tier && slots.length > 0 && <p className="tier-note"><strong>{tier} price</strong>: every price below is yours.</p>}
            {slots.length === 0 ? (
              <div className="slot-note empty">
                <span>{MESSAGES.allTaken}{zoneNote}</span>
                {onNextDay && <button type="button" className="btn btn-secondary" onClick={onNextDay}>Show the next day</button>}
              </div>
            ) : (
              <p className="muted slot-help">
                Tap a free slot to start, then choose how long to play (or tap a later slot).
                {taken.length > 0 && ' Tap a taken one to join its waitlist.'}
                {zoneNote}
              </p>
            )}
            <ul className="slots" aria-label={taken.length > 0 ? 'Slots' : 'Free slots'}>
              {dayChips(slots, taken).map((chip) => chip.free ? (
                <li key={chip.slot.startTime}>
                  <button type="button" className="chip" aria-pressed={choice.covered.has(chip.slot.startTime)} onClick={() => choice.pick(chip.slot)}>
                    {formatTimeRange(chip.slot.startTime, chip.slot.endTime)}
                    {chip.slot.price !== undefined && <span className="chip-price"> {formatMoney(chip.slot.price)}</span>}
                  </button>
                </li>
              ) : (
                <li key={chip.slot.startTime}>
                  <button type="button" className="chip chip-taken" aria-pressed={waitFor === chip.slot.startTime} onClick={() => onWaitFor(chip.slot)}>
                    {formatTimeRange(chip.slot.startTime, chip.slot.endTime)}
                    <span className="chip-price"> Taken: join waitlist</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {/* Outside the slot area: what joining said stays while the day's slots are read again. */}
      {active && waitlist}
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

/** Free and taken slots in the day's order. */
function dayChips(free: Slot[], taken: GridSlot[]): ({ free: true; slot: Slot } | { free: false; slot: GridSlot })[] {
  return [...free.map((slot) => ({ free: true as const, slot })), ...taken.map((slot) => ({ free: false as const, slot }))]
    .sort((a, b) => a.slot.startTime.localeCompare(b.slot.startTime));
}
