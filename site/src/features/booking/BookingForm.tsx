import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { BookingDto, PublicSettings } from '@courtside/domain';
import { api, ApiError } from '../../lib/api.ts';
import { cancellationNote, cancellationPolicy, holdPolicy } from '../../lib/policy.ts';
import { formatZoned, zoneSuffixOn } from '../../lib/zoned-time.ts';
import { getToken, loginUrlFor } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import {
  MESSAGES, addDays, coveredSlots, dateInRange, endOptions, formatDate, formatDollars,
  formatHours, hoursBetween, priceFor, selectSlot, todayIn, validateTimes, type Slot,
} from './booking.ts';

export interface BookingFacility {
  _id: string;
  name: string;
  pricePerHour: number;
  timezone: string;
  maxBookingMinutes: number;
}

type Held = Pick<BookingDto, '_id' | 'date' | 'startTime' | 'endTime' | 'payableAmount' | 'holdExpiresAt' | 'status' | 'cancellable' | 'cancellableUntil' | 'facility'>;

const REQUEST_TIMEOUT_MS = 15_000;

type SlotState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; slots: Slot[] };

/**
 * The booking island: date, the day's free slots, start and end, live price, Book. `settings`
 * are the server's (booking horizon, hold, cancellation window), read when the page rendered.
 */
export default function BookingForm({ facility, settings }: { facility: BookingFacility; settings: PublicSettings }) {
  const today = useMemo(() => todayIn(facility.timezone), [facility.timezone]);
  const lastDay = addDays(today, settings.bookingHorizonDays);
  // Keep a date typed into the server-rendered input before this island hydrated.
  const [date, setDate] = useState(() => typedBeforeHydration('booking-date') ?? today);
  const [slotState, setSlotState] = useState<SlotState>({ status: 'loading' });
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [held, setHeld] = useState<Held | null>(null);
  const [reload, setReload] = useState(0);
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!getToken()) window.location.replace(loginUrlFor(window.location.pathname + window.location.search));
  }, []);

  const dateOk = dateInRange(date, today, lastDay);

  useEffect(() => {
    if (!dateOk) return;
    const controller = new AbortController();
    let timedOut = false;
    // A request that hangs must not leave the spinner up forever.
    const timer = window.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, REQUEST_TIMEOUT_MS);
    setSlotState({ status: 'loading' });
    const query = new URLSearchParams({ date, facility: facility._id });
    api<Slot[]>(`/api/check-availability?${query}`, { signal: controller.signal })
      .then((res) => setSlotState({ status: 'ready', slots: res.data }))
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError' && !timedOut) return;
        setSlotState({ status: 'error', message: err instanceof ApiError ? err.message : 'Could not load the available slots.' });
      })
      .finally(() => window.clearTimeout(timer));
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [date, dateOk, facility._id, reload]);

  const slots = slotState.status === 'ready' ? slotState.slots : [];
  const ends = useMemo(() => endOptions(slots, start, facility.maxBookingMinutes), [slots, start, facility.maxBookingMinutes]);
  const covered = useMemo(() => coveredSlots(slots, start, end), [slots, start, end]);

  // A choice that the fresh slot list no longer allows is dropped.
  useEffect(() => {
    if (slotState.status !== 'ready') return;
    if (start && !slots.some((s) => s.startTime === start)) {
      setStart('');
      setEnd('');
    }
  }, [slotState, slots, start]);

  const refreshSlots = useCallback(() => setReload((n) => n + 1), []);

  function changeDate(value: string) {
    setDate(value);
    setStart('');
    setEnd('');
    setFormError('');
  }

  function changeStart(value: string) {
    setStart(value);
    setFormError('');
    const next = endOptions(slots, value, facility.maxBookingMinutes);
    if (!next.includes(end)) setEnd(next[0] ?? '');
  }

  function pickSlot(slot: Slot) {
    const next = selectSlot(slots, { start, end }, slot, facility.maxBookingMinutes);
    setStart(next.start);
    setEnd(next.end);
    setFormError('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateTimes(start, end);
    if (problem) {
      setFormError(problem);
      return;
    }
    setFormError('');
    setSubmitting(true);
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const res = await api<Held>('/api/bookings', {
        method: 'POST',
        body: { facility: facility._id, date, startTime: start, endTime: end },
        signal: controller.signal,
      });
      setHeld(res.data);
      showToast(res.message, 'success');
      setStart('');
      setEnd('');
      refreshSlots();
      window.setTimeout(() => successRef.current?.focus(), 0);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setFormError(MESSAGES.taken);
        showToast(MESSAGES.taken, 'error');
        setStart('');
        setEnd('');
        refreshSlots();
      } else if (err instanceof ApiError && err.status === 401) {
        // api() has already signed out and is on its way to the login page.
      } else if ((err as Error).name === 'AbortError') {
        const message = `${MESSAGES.failed} The server took too long to answer.`;
        setFormError(message);
        showToast(message, 'error');
        refreshSlots();
      } else {
        const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? ` ${err.message}` : '';
        const message = err instanceof ApiError && err.status === 0 ? err.message : `${MESSAGES.failed}${reason}`;
        setFormError(message);
        showToast(message, 'error');
      }
    } finally {
      window.clearTimeout(timer);
      setSubmitting(false);
    }
  }

  const liveStatus = !dateOk ? '' : slotState.status === 'loading' ? 'Loading available slots…'
    : slotState.status === 'error' ? slotState.message
    : slots.length === 0 ? MESSAGES.noSlots : `${slots.length} free ${slots.length === 1 ? 'slot' : 'slots'} on ${formatDate(date)}.`;
  const hours = hoursBetween(start, end);
  const price = priceFor(start, end, facility.pricePerHour);
  // Slot times are the facility's wall clock: say so when the visitor's clock differs.
  const zone = dateOk ? zoneSuffixOn(date, facility.timezone).trim() : '';
  const heldNote = held ? cancellationNote(held) : null;

  return (
    <div className="booking">
      {held && (
        <div className="held alert-ok" ref={successRef} tabIndex={-1} role="status">
          <div>
            <p className="held-title">Your slot is on hold</p>
            <p>
              <span className="user-text">{facility.name}</span>, {formatDate(held.date)}, {held.startTime} – {held.endTime}{zoneSuffixOn(held.date, facility.timezone)} · {formatDollars(held.payableAmount)}.
              {held.holdExpiresAt && <> Pay before <strong>{formatZoned(held.holdExpiresAt, facility.timezone)}</strong> to confirm it.</>}
            </p>
            {heldNote && <p className={`held-policy held-policy-${heldNote.tone}`}>{heldNote.text}.</p>}
          </div>
          <div className="held-actions">
            <a className="btn" href="/dashboard/checkoutForPayment">Go to checkout</a>
            <button type="button" className="btn btn-secondary" onClick={() => setHeld(null)}>Book another time</button>
          </div>
        </div>
      )}

      <form className="booking-form" onSubmit={submit} noValidate aria-label={`Book ${facility.name}`}>
        <div className="booking-main">
          <div className="step">
            <h2 className="step-title"><span className="step-no" aria-hidden="true">1</span>Pick a date</h2>
            <div className="field date-field">
              <label htmlFor="booking-date">Date</label>
              <input id="booking-date" type="date" value={date} min={today} max={lastDay} required
                onChange={(e) => changeDate(e.currentTarget.value)} aria-describedby="date-hint" />
              <small id="date-hint" className="muted">{dateOk ? formatDate(date) : `Choose a date between ${formatDate(today)} and ${formatDate(lastDay)}.`}</small>
            </div>
          </div>

          <div className="step">
            <h2 className="step-title"><span className="step-no" aria-hidden="true">2</span>Choose your time</h2>
            <p className="sr-only" aria-live="polite">{liveStatus}</p>
            <div className="slot-area" aria-busy={slotState.status === 'loading'}>
              {!dateOk ? null : slotState.status === 'loading' ? (
                <p className="slot-note"><span className="spinner" aria-hidden="true"></span>Loading available slots…</p>
              ) : slotState.status === 'error' ? (
                <div className="alert alert-error slot-error">
                  <span>{slotState.message}</span>
                  <button type="button" className="btn btn-secondary" onClick={refreshSlots}>Try again</button>
                </div>
              ) : slots.length === 0 ? (
                <div className="slot-note empty">
                  <span>No available slots for the selected date.</span>
                  {date < lastDay && (
                    <button type="button" className="btn btn-secondary" onClick={() => changeDate(addDays(date, 1))}>Show the next day</button>
                  )}
                </div>
              ) : (
                <>
                  <p className="muted slot-help">
                    Tap a free slot to start, then a later one to book several in a row.
                    {zone && <> Times are the facility's local time ({zone}).</>}
                  </p>
                  <ul className="slots" aria-label="Free slots">
                    {slots.map((slot) => (
                      <li key={slot.startTime}>
                        <button type="button" className="chip" aria-pressed={covered.has(slot.startTime)} onClick={() => pickSlot(slot)}>
                          {slot.startTime} – {slot.endTime}
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
                <select id="booking-start" value={start} onChange={(e) => changeStart(e.currentTarget.value)} disabled={slots.length === 0}>
                  <option value="">Select start</option>
                  {slots.map((s) => <option key={s.startTime} value={s.startTime}>{s.startTime}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor="booking-end">End time</label>
                <select id="booking-end" value={end} onChange={(e) => { setEnd(e.currentTarget.value); setFormError(''); }} disabled={!start}>
                  <option value="">{start ? 'Select end' : 'Select a start first'}</option>
                  {ends.map((t) => <option key={t} value={t}>{t}</option>)}
                </select>
              </div>
            </div>
          </div>
        </div>

        <aside className="summary" aria-label="Booking summary">
          <h2 className="summary-title">Your booking</h2>
          <dl>
            <div><dt>Date</dt><dd>{dateOk ? formatDate(date) : '—'}</dd></div>
            <div><dt>Time</dt><dd>{start && end ? `${start} – ${end}` : '—'}</dd></div>
            <div><dt>Duration</dt><dd>{hours > 0 ? formatHours(hours) : '—'}</dd></div>
            <div><dt>Rate</dt><dd>{formatDollars(facility.pricePerHour)} / hour</dd></div>
          </dl>
          <p className="total"><span>Estimated total</span><strong>{formatDollars(price)}</strong></p>
          {formError && <p className="alert alert-error" role="alert">{formError}</p>}
          <button type="submit" className="btn book-btn" disabled={submitting}>
            {submitting ? <><span className="spinner light" aria-hidden="true"></span>Booking…</> : 'Book'}
          </button>
          <p className="muted fine">The final price is confirmed by the server. {holdPolicy(settings)}</p>
          <div className="policy">
            <h3 className="policy-title">Cancellation policy</h3>
            <p>{cancellationPolicy(settings)}</p>
          </div>
        </aside>
      </form>
    </div>
  );
}

function typedBeforeHydration(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const input = document.getElementById(id) as HTMLInputElement | null;
  return input && /^\d{4}-\d{2}-\d{2}$/.test(input.value) ? input.value : undefined;
}
