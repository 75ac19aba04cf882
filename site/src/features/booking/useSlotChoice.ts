import { useEffect, useMemo, useState } from 'react';
import { coveredSlots, endOptions, selectSlot, type Slot } from './booking.ts';

/**
 * The start and end the customer chose among the day's free slots: picked from the lists or
 * by tapping slots, kept consistent with each other, and dropped when a fresh slot list no
 * longer has the start.
 */
export function useSlotChoice(slots: Slot[], ready: boolean, maxMinutes: number) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const ends = useMemo(() => endOptions(slots, start, maxMinutes), [slots, start, maxMinutes]);
  const covered = useMemo(() => coveredSlots(slots, start, end), [slots, start, end]);

  useEffect(() => {
    if (ready && start && !slots.some((s) => s.startTime === start)) {
      setStart('');
      setEnd('');
    }
  }, [ready, slots, start]);

  return {
    start,
    end,
    ends,
    covered,
    chooseStart(value: string) {
      setStart(value);
      const next = endOptions(slots, value, maxMinutes);
      if (!next.includes(end)) setEnd(next[0] ?? '');
    },
    chooseEnd: setEnd,
    pick(slot: Slot) {
      const next = selectSlot(slots, { start, end }, slot, maxMinutes);
      setStart(next.start);
      setEnd(next.end);
    },
    clear() {
      setStart('');
      setEnd('');
    },
  };
}
