import {
  WEEKDAYS,
  addDays,
  centsToDollars,
  formatDate,
  fromLocal,
  holdLapsesAt,
  linkedCause,
  openMinutesLeft,
  parseDate,
  parseTime,
  toLocal,
  weekdayOf,
  type CivilDate,
  type DayHours,
} from '@courtside/domain';
import type { DashboardStats, DayView } from '@courtside/contracts';
import type { FacilityRow } from '@courtside/migrations';
import * as dayView from '../repositories/day-view.ts';
import { closuresBetween } from '../repositories/closures.ts';
import { waitingCounts } from '../repositories/waitlist.ts';
import { listDeskRefunds } from '../payments/staff.ts';
import type { ServiceContext } from '../shared/context.ts';

/** The front desk's day view and the dashboard's figures, for the back office. */

const MINUTE = 60_000;

/** Wall-clock time of an instant inside one local day, clipped to 00:00..24:00. */
function clippedTime(instant: Date, dayStart: Date, dayEnd: Date, timezone: string): string {
  if (instant.getTime() <= dayStart.getTime()) return '00:00';
  if (instant.getTime() >= dayEnd.getTime()) return '24:00';
  return toLocal(instant, timezone).time;
}

interface Window {
  facility: FacilityRow;
  from: Date;
  to: Date;
}

/**
 * One local day of every live facility; with `withDeleted`, also of each deleted facility that
 * still has bookings holding time that day, so a delete never hides them from the front desk.
 */
async function loadDay(ctx: ServiceContext, date: CivilDate, withDeleted = false) {
  const now = ctx.clock();
  // Every zone's version of the date lies within a day either side of its UTC midnight.
  const utcMidnight = fromLocal(date, 0, 'UTC').getTime();
  const around = { from: new Date(utcMidnight - 86_400_000), to: new Date(utcMidnight + 2 * 86_400_000), now };
  const facilities = await dayView.dayFacilities(ctx.db, withDeleted ? around : undefined);
  const windows: Window[] = facilities.map((facility) => ({
    facility,
    from: fromLocal(date, 0, facility.timezone),
    to: fromLocal(date, 24 * 60, facility.timezone),
  }));
  if (windows.length === 0) return { windows, byFacility: new Map<string, dayView.DayBookingRow[]>(), now };
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const rows = await dayView.activeBookingsBetween(ctx.db, facilities.map((f) => f.id), from, to, now);
  const windowOf = new Map(windows.map((w) => [w.facility.id, w]));
  const byFacility = new Map<string, dayView.DayBookingRow[]>();
  for (const row of rows) {
    const w = windowOf.get(row.facility_id);
    if (!w || row.starts_at.getTime() >= w.to.getTime() || row.ends_at.getTime() <= w.from.getTime()) continue;
    const list = byFacility.get(row.facility_id) ?? [];
    list.push(row);
    byFacility.set(row.facility_id, list);
  }
  return { windows, byFacility, now };
}

function hoursOf(facility: FacilityRow, date: CivilDate): DayHours | null {
  const hours = (typeof facility.opening_hours === 'string' ? JSON.parse(facility.opening_hours) : facility.opening_hours) as Record<string, DayHours | null>;
  return hours[WEEKDAYS[weekdayOf(date)]!] ?? null;
}

export function todayIn(ctx: ServiceContext): string {
  return toLocal(ctx.clock(), ctx.config.defaultTimezone).date;
}

/** The closures touching any of these facilities' days. */
function closuresOf(ctx: ServiceContext, windows: Window[]) {
  if (windows.length === 0) return Promise.resolve([]);
  return closuresBetween(
    ctx.db,
    windows.map((w) => w.facility.id),
    new Date(Math.min(...windows.map((w) => w.from.getTime()))),
    new Date(Math.max(...windows.map((w) => w.to.getTime()))),
  );
}

/** The times customers wait for at these facilities' days (the waitlist), with how many entries wait for each. */
function waitingOf(ctx: ServiceContext, windows: Window[], now: Date) {
  if (windows.length === 0) return Promise.resolve([]);
  const range = { startsAt: new Date(Math.min(...windows.map((w) => w.from.getTime()))), endsAt: new Date(Math.max(...windows.map((w) => w.to.getTime()))) };
  return waitingCounts(ctx.db, windows.map((w) => w.facility.id), range, now);
}

/** Every live facility (and deleted ones with bookings that day) with the bookings that hold its time on one local day (its own time zone). */
export async function getDayView(ctx: ServiceContext, dateText?: string): Promise<DayView> {
  const date = parseDate(dateText ?? todayIn(ctx), 'date');
  const loaded = await loadDay(ctx, date, true);
  const { byFacility } = loaded;
  // A deleted facility is shown only for the days it has bookings on (its own calendar).
  const windows = loaded.windows.filter((w) => !w.facility.is_deleted || byFacility.has(w.facility.id));
  const [closures, deskRefunds, waiting] = await Promise.all([closuresOf(ctx, windows), listDeskRefunds(ctx, { date: formatDate(date) }), waitingOf(ctx, windows, loaded.now)]);
  return {
    date: formatDate(date),
    deskRefunds,
    weekday: weekdayOf(date),
    today: todayIn(ctx),
    facilities: windows.map(({ facility, from, to }) => ({
      id: facility.id,
      name: facility.name,
      isDeleted: facility.is_deleted,
      location: facility.location,
      imageUrl: facility.image_url,
      timezone: facility.timezone,
      slotMinutes: facility.slot_minutes,
      // A deleted facility offers no free time, whatever its old opening hours.
      hours: facility.is_deleted ? null : hoursOf(facility, date),
      bookings: (byFacility.get(facility.id) ?? []).map((b) => ({
        id: b.id,
        startTime: clippedTime(b.starts_at, from, to, facility.timezone),
        endTime: clippedTime(b.ends_at, from, to, facility.timezone),
        status: b.status,
        paymentStatus: b.payment_status,
        payableAmount: centsToDollars(b.payable_cents),
        balance: centsToDollars(b.balance_cents),
        holdExpiresAt: b.status === 'pending' ? holdLapsesAt({ startsAt: b.starts_at, holdExpiresAt: b.hold_expires_at }).toISOString() : null,
        note: b.note,
        customer: { id: b.user_id, name: b.user_name, email: b.user_email, phone: b.user_phone },
        players: b.players,
        attendance: b.attendance,
        checkedInAt: b.checked_in_at?.toISOString() ?? null,
        checkedInBy: b.checked_in_by_name,
      })),
      closures: closures
        .filter((c) => c.facility_id === facility.id && c.starts_at < to && c.ends_at > from)
        .map((c) => ({ id: c.id, startTime: clippedTime(c.starts_at, from, to, facility.timezone), endTime: clippedTime(c.ends_at, from, to, facility.timezone), reason: c.reason, kind: c.kind })),
      waiting: waiting
        .filter((w) => w.facility_id === facility.id && w.starts_at < to && w.ends_at > from)
        .map((w) => ({ startTime: clippedTime(w.starts_at, from, to, facility.timezone), endTime: clippedTime(w.ends_at, from, to, facility.timezone), count: w.count })),
      linked: linkedTaken({ facility, from, to }, windows, byFacility, closures),
    })),
  };
}

/**
 * Linked courts: the time of a facility's day taken on the facilities sharing its ground (its
 * parent, or its parts): their bookings and closures, on this facility's clock, labelled with
 * the cause ("Half A booked"). No customer detail: the block only says the time is not for sale here.
 */
function linkedTaken(
  { facility, from, to }: Window,
  windows: Window[],
  byFacility: Map<string, dayView.DayBookingRow[]>,
  closures: Awaited<ReturnType<typeof closuresOf>>,
): DayView['facilities'][number]['linked'] {
  const linked = windows.map((w) => w.facility).filter((f) => f.id === facility.parent_id || f.parent_id === facility.id);
  const taken = linked.flatMap((other) => [
    ...(byFacility.get(other.id) ?? []).map((b) => ({ other, kind: 'booking' as const, startsAt: b.starts_at, endsAt: b.ends_at })),
    ...closures.filter((c) => c.facility_id === other.id).map((c) => ({ other, kind: 'closure' as const, startsAt: c.starts_at, endsAt: c.ends_at })),
  ]);
  return taken
    .filter((t) => t.startsAt < to && t.endsAt > from)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((t) => ({
      facilityId: t.other.id,
      facilityName: t.other.name,
      kind: t.kind,
      label: linkedCause(t.kind, t.other.name),
      startTime: clippedTime(t.startsAt, from, to, facility.timezone),
      endTime: clippedTime(t.endsAt, from, to, facility.timezone),
    }));
}

/**
 * The dashboard: today's bookings (each facility's own calendar day), occupancy of today's
 * opening hours less its closures, and revenue earned on the last 7 days (paid, confirmed bookings
 * by play date, once played: a game still to come tonight has not earned anything yet).
 */
export async function getDashboardStats(ctx: ServiceContext): Promise<DashboardStats> {
  const tz = ctx.config.defaultTimezone;
  const todayText = todayIn(ctx);
  const today = parseDate(todayText);
  const { windows, byFacility, now } = await loadDay(ctx, today);
  const closures = await closuresOf(ctx, windows);

  let total = 0;
  let confirmed = 0;
  let amountCents = 0;
  let openMinutes = 0;
  let bookedMinutes = 0;
  const upcoming: { at: number; item: DashboardStats['upcoming'][number] }[] = [];
  for (const { facility, from, to } of windows) {
    const hours = hoursOf(facility, today);
    const open = hours ? parseTime(hours.open) : 0;
    const close = hours ? parseTime(hours.close) : 0;
    // Closed hours could not be sold: they are not open time.
    const closed = closures
      .filter((c) => c.facility_id === facility.id && c.starts_at < to && c.ends_at > from)
      .map((c) => ({ start: parseTime(clippedTime(c.starts_at, from, to, facility.timezone)), end: parseTime(clippedTime(c.ends_at, from, to, facility.timezone)) }));
    openMinutes += openMinutesLeft(open, close, closed);
    for (const b of byFacility.get(facility.id) ?? []) {
      total += 1;
      if (b.status === 'confirmed') confirmed += 1;
      amountCents += b.payable_cents;
      const start = parseTime(clippedTime(b.starts_at, from, to, facility.timezone));
      const end = parseTime(clippedTime(b.ends_at, from, to, facility.timezone));
      bookedMinutes += Math.max(0, Math.min(end, close) - Math.max(start, open));
      if (b.ends_at.getTime() > now.getTime()) {
        upcoming.push({
          at: b.starts_at.getTime(),
          item: {
            id: b.id,
            facility: facility.name,
            facilityId: facility.id,
            startTime: clippedTime(b.starts_at, from, to, facility.timezone),
            endTime: clippedTime(b.ends_at, from, to, facility.timezone),
            status: b.status,
            customer: b.user_name,
          },
        });
      }
    }
  }
  upcoming.sort((a, b) => a.at - b.at);

  const firstDay = addDays(today, -6);
  const rows = await dayView.revenueByDay(
    ctx.db,
    formatDate(firstDay),
    todayText,
    new Date(fromLocal(firstDay, 0, tz).getTime() - 2 * 24 * 60 * MINUTE),
    new Date(fromLocal(addDays(today, 1), 0, tz).getTime() + 2 * 24 * 60 * MINUTE),
    now,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = formatDate(addDays(firstDay, i));
    const row = byDay.get(date);
    return { date, amount: centsToDollars(row?.cents ?? 0), bookings: row?.bookings ?? 0 };
  });

  return {
    today: todayText,
    timezone: tz,
    facilities: windows.length,
    todayBookings: { total, confirmed, pending: total - confirmed, amount: centsToDollars(amountCents) },
    occupancy: { bookedMinutes, openMinutes, rate: openMinutes > 0 ? Math.round((bookedMinutes / openMinutes) * 1000) / 1000 : 0 },
    upcoming: upcoming.slice(0, 10).map((u) => u.item),
    revenue: {
      total: centsToDollars(rows.reduce((sum, r) => sum + r.cents, 0)),
      bookings: rows.reduce((sum, r) => sum + r.bookings, 0),
      days,
    },
    deskRefunds: await listDeskRefunds(ctx, {}),
  };
}
