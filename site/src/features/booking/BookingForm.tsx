import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { shiftDate, todayIn } from '@courtside/domain';
import type { PublicSettings } from '@courtside/contracts';
import { formatLongDate, getToken, loginUrlFor } from '@courtside/browser';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';
import { closuresOnDay, type Closure } from '../../lib/closures.ts';
import { dateInRange, priceTierOf, slotsAnnouncement, totalFor, validateTimes } from './booking.ts';
import { useFreeSlots } from './useFreeSlots.ts';
import { useSlotChoice } from './useSlotChoice.ts';
import { useHold } from './useHold.ts';
import { HeldNotice } from './HeldNotice.tsx';
import { SlotPicker } from './SlotPicker.tsx';
import { BookingSummary } from './BookingSummary.tsx';

export interface BookingFacility {
  _id: string;
  name: string;
  pricePerHour: number;
  timezone: string;
  maxBookingMinutes: number;
}

/**
 * The booking island: date, the day's free slots, start and end, live price, Book. `settings`
 * are the server's (booking horizon, hold, cancellation window) and `closures` the facility's
 * upcoming ones, read when the page rendered.
 */
export default function BookingForm({ facility, settings, closures }: { facility: BookingFacility; settings: PublicSettings; closures: Closure[] }) {
  const today = useMemo(() => todayIn(facility.timezone), [facility.timezone]);
  const lastDay = shiftDate(today, settings.bookingHorizonDays);
  // Keep a date typed into the server-rendered input before this island hydrated.
  const [date, setDate] = useState(() => typedBeforeHydration('booking-date') ?? today);
  const [formError, setFormError] = useState('');
  const dateOk = dateInRange(date, today, lastDay);
  const free = useFreeSlots(facility._id, date, dateOk);
  // The slots come priced for the signed-in customer: their tier's prices, named.
  const tier = priceTierOf(free.slots);
  // The free slots already leave closed time out; these say why it is missing.
  const closedNotes = dateOk ? closuresOnDay(closures, date) : [];
  const choice = useSlotChoice(free.slots, free.state.status === 'ready', facility.maxBookingMinutes);
  const { held, submitting, hold, dismiss } = useHold();
  const heldRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!getToken()) window.location.replace(loginUrlFor(window.location.pathname + window.location.search));
  }, []);

  // Any change of choice clears the last complaint about it.
  const edit = <A extends unknown[]>(change: (...args: A) => void) => (...args: A) => {
    change(...args);
    setFormError('');
  };
  const changeDate = edit((value: string) => {
    setDate(value);
    choice.clear();
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateTimes(choice.start, choice.end);
    setFormError(problem ?? '');
    if (problem) return;
    const outcome = await hold({ facility: facility._id, date, startTime: choice.start, endTime: choice.end });
    if (outcome.kind === 'signed-out') return;
    if (outcome.kind === 'held') {
      choice.clear();
      free.reload();
      window.setTimeout(() => heldRef.current?.focus(), 0);
      return;
    }
    const { refusal } = outcome;
    setFormError(refusal.message);
    if (refusal.clearChoice) choice.clear();
    if (refusal.reloadSlots) free.reload();
  }

  // Slot times are the facility's wall clock: say so when the visitor's clock differs.
  const zone = dateOk ? zoneSuffixOn(date, facility.timezone).trim() : '';

  return (
    <div className="booking">
      {held && <HeldNotice held={held} facilityName={facility.name} timezone={facility.timezone} noticeRef={heldRef} onDismiss={dismiss} />}

      <form className="booking-form" onSubmit={submit} noValidate aria-label={`Book ${facility.name}`}>
        <div className="booking-main">
          <div className="step">
            <h2 className="step-title"><span className="step-no" aria-hidden="true">1</span>Pick a date</h2>
            <div className="field date-field">
              <label htmlFor="booking-date">Date</label>
              <input id="booking-date" type="date" value={date} min={today} max={lastDay} required
                onChange={(e) => changeDate(e.currentTarget.value)} aria-describedby="date-hint" />
              <small id="date-hint" className="muted">{dateOk ? formatLongDate(date) : `Choose a date between ${formatLongDate(today)} and ${formatLongDate(lastDay)}.`}</small>
            </div>
          </div>

          <div className="step">
            <h2 className="step-title"><span className="step-no" aria-hidden="true">2</span>Choose your time</h2>
            <p className="sr-only" aria-live="polite">{dateOk ? [slotsAnnouncement(date, free.state), ...closedNotes].join(' ') : ''}</p>
            {closedNotes.length > 0 && (
              <ul className="alert alert-warn closure-notes" aria-label="Closures on this day">
                {closedNotes.map((note, i) => <li key={i} className="user-text">{note}</li>)}
              </ul>
            )}
            <SlotPicker
              active={dateOk}
              state={free.state}
              slots={free.slots}
              zone={zone}
              tier={tier}
              choice={{ ...choice, chooseStart: edit(choice.chooseStart), chooseEnd: edit(choice.chooseEnd), pick: edit(choice.pick) }}
              onRetry={free.reload}
              onNextDay={date < lastDay ? () => changeDate(shiftDate(date, 1)) : undefined}
            />
          </div>
        </div>

        <BookingSummary date={dateOk ? date : null} start={choice.start} end={choice.end} pricePerHour={facility.pricePerHour} tier={tier}
          total={totalFor(free.slots, choice.start, choice.end, facility.pricePerHour)} formError={formError} submitting={submitting} settings={settings} />
      </form>
    </div>
  );
}

function typedBeforeHydration(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const input = document.getElementById(id) as HTMLInputElement | null;
  return input && /^\d{4}-\d{2}-\d{2}$/.test(input.value) ? input.value : undefined;
}
