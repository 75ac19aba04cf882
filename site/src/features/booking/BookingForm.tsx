import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { isDateText, shiftDate, todayIn, type Schedule } from '@courtside/domain';
import type { PublicSettings } from '@courtside/contracts';
import { formatLongDate, formatTimeRange, formatZone } from '@courtside/browser';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';
import { closuresOnDay, type Closure } from '../../lib/closures.ts';
import { dateInRange, priceTierOf, slotsAnnouncement, slotsPrice, validateTimes, type LengthRules } from './booking.ts';
import { useFreeSlots } from './useFreeSlots.ts';
import { useSlotChoice } from './useSlotChoice.ts';
import { useHold } from './useHold.ts';
import { SlotPicker } from './SlotPicker.tsx';
import { BookingSummary } from './BookingSummary.tsx';
import { takenSlots, type GridSlot } from '../slots/taken-slots.ts';
import { WaitlistJoin } from '../waitlist/WaitlistJoin.tsx';
import type { JoinOutcome } from '../waitlist/waitlist.ts';

/** The facility as the step needs it: its grid (to tell taken slots from closed time) and its notice. */
export interface BookingFacility extends Schedule {
  _id: string;
  name: string;
  minNoticeMinutes: number;
}

/** A slot the step opens on (a tapped chip, a link back from checkout): its day, and its start and end when known. */
export interface InitialChoice {
  date: string;
  start?: string;
  end?: string;
}

/**
 * The booking step, wherever booking starts (a tapped slot, Book Now, + Add another slot): a date,
 * the day's free slots priced for the customer, a start, a length the facility takes, the price,
 * then Book holds it and goes to checkout. `settings` are the server's (horizon, hold, cancellation
 * window at this facility), `lengths` the facility's shortest and longest booking, `closures` its
 * upcoming ones, read when the page rendered.
 */
export default function BookingForm({ facility, settings, lengths, closures, initial }: {
  facility: BookingFacility;
  settings: PublicSettings;
  lengths: LengthRules;
  closures: Closure[];
  initial?: InitialChoice;
}) {
  const today = useMemo(() => todayIn(facility.timezone), [facility.timezone]);
  const lastDay = shiftDate(today, settings.bookingHorizonDays);
  // Keep a date typed into the server-rendered input before this island hydrated.
  const [date, setDate] = useState(() => typedBeforeHydration('booking-date') ?? (initial && dateInRange(initial.date, today, lastDay) ? initial.date : today));
  const [formError, setFormError] = useState<{ message: string; myBookings: boolean; waitFor?: GridSlot } | null>(null);
  // A taken slot the customer chose to wait for.
  const [waitFor, setWaitFor] = useState<GridSlot | null>(null);
  const dateOk = dateInRange(date, today, lastDay);
  const free = useFreeSlots(facility._id, date, dateOk);
  // The slots come priced for the signed-in customer: their tier's prices, named.
  const tier = priceTierOf(free.slots);
  // The free slots already leave closed time out; these say why it is missing.
  const closedNotes = dateOk ? closuresOnDay(closures, date) : [];
  const opening = useMemo(() => (initial?.start && initial.date === date ? { start: initial.start, end: initial.end } : undefined), [initial, date]);
  const choice = useSlotChoice(free.slots, free.state.status === 'ready', lengths, opening);
  const { submitting, hold } = useHold();
  const taken = useMemo(
    () => (dateOk && free.state.status === 'ready' ? takenSlots(facility, date, free.slots, { closures, minNoticeMinutes: facility.minNoticeMinutes }) : []),
    [dateOk, free.state.status, free.slots, facility, date, closures],
  );
  // A link to a taken slot (a facility page's taken chip, a slot gone meanwhile) opens on its waitlist.
  const waitOpened = useRef(false);
  useEffect(() => {
    if (waitOpened.current || !opening || free.state.status !== 'ready') return;
    waitOpened.current = true;
    const slot = taken.find((s) => s.startTime === opening.start);
    if (slot) setWaitFor({ startTime: slot.startTime, endTime: opening.end ?? slot.endTime });
  }, [opening, taken, free.state.status]);
  // The free time offered instead of a place in line: show it as free.
  const joined = (outcome: JoinOutcome) => {
    if (outcome.kind === 'free') free.reload();
  };

  // Any change of choice clears the last complaint about it.
  const edit = <A extends unknown[]>(change: (...args: A) => void) => (...args: A) => {
    change(...args);
    setFormError(null);
  };
  const changeDate = edit((value: string) => {
    setDate(value);
    choice.clear();
    setWaitFor(null);
  });
  const pick = edit((slot: Parameters<typeof choice.pick>[0]) => {
    choice.pick(slot);
    setWaitFor(null);
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateTimes(choice.start, choice.end);
    setFormError(problem ? { message: problem, myBookings: false } : null);
    if (problem) return;
    const outcome = await hold({ facility: facility._id, date, startTime: choice.start, endTime: choice.end });
    if (outcome.kind !== 'refused') return;
    const { refusal } = outcome;
    setFormError({ message: refusal.message, myBookings: refusal.myBookings === true, waitFor: refusal.waitlist ? { startTime: choice.start, endTime: choice.end } : undefined });
    if (refusal.clearChoice) choice.clear();
    if (refusal.reloadSlots) free.reload();
  }

  // Slot times are the facility's wall clock: say so when the visitor's clock differs.
  const zone = dateOk && zoneSuffixOn(date, facility.timezone) ? formatZone(facility.timezone) : '';

  return (
    <div className="booking">
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
              taken={taken}
              waitFor={waitFor?.startTime ?? null}
              onWaitFor={edit((slot: GridSlot) => {
                choice.clear();
                setWaitFor(slot);
              })}
              waitlist={waitFor && (
                <WaitlistJoin key={`${date} ${waitFor.startTime}`} facilityId={facility._id} date={date} start={waitFor.startTime} end={waitFor.endTime} onOutcome={joined} />
              )}
              zone={zone}
              tier={tier}
              choice={{ ...choice, chooseStart: edit(choice.chooseStart), chooseEnd: edit(choice.chooseEnd), pick }}
              onRetry={free.reload}
              onNextDay={date < lastDay ? () => changeDate(shiftDate(date, 1)) : undefined}
            />
          </div>
        </div>

        <BookingSummary date={dateOk ? date : null} start={choice.start} end={choice.end} tier={tier}
          total={choice.start && choice.end ? slotsPrice(free.slots, choice.start, choice.end) : undefined}
          formError={formError?.message ?? ''} myBookings={formError?.myBookings ?? false} submitting={submitting} settings={settings}
          waitlist={formError?.waitFor && dateOk && (
            <WaitlistJoin key={`${date} ${formError.waitFor.startTime}`} facilityId={facility._id} date={date} start={formError.waitFor.startTime} end={formError.waitFor.endTime}
              lead={`Waiting for ${formatTimeRange(formError.waitFor.startTime, formError.waitFor.endTime)}? We'll email you when it's your turn.`} onOutcome={joined} />
          )} />
      </form>
    </div>
  );
}

function typedBeforeHydration(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const input = document.getElementById(id) as HTMLInputElement | null;
  return input && isDateText(input.value) ? input.value : undefined;
}
