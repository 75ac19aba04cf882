import { useEffect, useMemo, useRef, useState } from 'react';
import { coveredSlots, endOptions, lengthOptions, selectSlot, startOptions, type LengthRules, type Slot } from './booking.ts';

/**
 * The start and length the customer chose among the day's free slots: picked from the lists or
 * by tapping slots, kept within the lengths the facility takes, and dropped when a fresh slot list
 * no longer has the start. `initial` (a tapped chip's slot) is chosen once, when the day's slots
 * first come and still have it.
 */
export function useSlotChoice(slots: Slot[], ready: boolean, rules: LengthRules, initial?: { start: string; end?: string }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const starts = useMemo(() => startOptions(slots, rules), [slots, rules]);
  const lengths = useMemo(() => lengthOptions(slots, start, rules), [slots, start, rules]);
  const covered = useMemo(() => coveredSlots(slots, start, end), [slots, start, end]);
  const applied = useRef(false);

  useEffect(() => {
    if (!ready) return;
    if (!applied.current && initial) {
      applied.current = true;
      const ends = endOptions(slots, initial.start, rules);
      if (ends.length > 0) {
        setStart(initial.start);
        setEnd(initial.end && ends.includes(initial.end) ? initial.end : ends[0]!);
        return;
      }
    }
    if (start && !endOptions(slots, start, rules).includes(end)) {
      setStart('');
      setEnd('');
    }
  }, [ready, slots, start, end, rules, initial]);

  return {
    start,
    end,
    starts,
    lengths,
    covered,
    chooseStart(value: string) {
      setStart(value);
      const next = endOptions(slots, value, rules);
      if (!next.includes(end)) setEnd(next[0] ?? '');
    },
    chooseEnd: setEnd,
    pick(slot: Slot) {
      const next = selectSlot(slots, { start, end }, slot, rules);
      setStart(next.start);
      setEnd(next.end);
    },
    clear() {
      setStart('');
      setEnd('');
    },
  };
}
