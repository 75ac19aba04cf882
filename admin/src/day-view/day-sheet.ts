import { money, timeRange } from '../common/format.ts';
import type { DayView, DayViewBooking, DayViewClosure, DayViewFacility } from '../types.ts';
import { attendanceAfter, customerAndPlayers, linkedText } from './booking-text.ts';

/** The printable day sheet's words: a facility's rows in time order, each booking's money in plain words. */

export type SheetRow =
  | { kind: 'booking'; key: string; time: string; name: string; phone: string; money: string; note: string }
  | { kind: 'closure' | 'linked'; key: string; time: string; text: string };

/**
 * Where a booking's money stands, as the desk reads it on paper: "Held — pays online" (not yet
 * confirmed), "Owes $20.00", "Paid $20.00" (and a balance to collect or give back), "Refunded".
 */
export function moneyText(b: Pick<DayViewBooking, 'status' | 'paymentStatus' | 'payableAmount' | 'balance'>): string {
  if (b.status !== 'confirmed') return 'Held — pays online';
  if (b.paymentStatus === 'unpaid') return `Owes ${money(b.payableAmount)}`;
  if (b.paymentStatus === 'refunded') return 'Refunded';
  const paid = `Paid ${money(b.payableAmount)}`;
  if (b.balance > 0) return `${paid} · Collect ${money(b.balance)}`;
  if (b.balance < 0) return `${paid} · Give back ${money(-b.balance)}`;
  return paid;
}

/** "Closed 12:00–14:00: Maintenance". */
export const closureText = (c: Pick<DayViewClosure, 'startTime' | 'endTime' | 'reason'>) =>
  `Closed ${timeRange(c.startTime, c.endTime)}${c.reason.trim() ? `: ${c.reason.trim()}` : ''}`;

/**
 * A facility's bookings, closures and time its linked facilities hold, in time order (a closure
 * or linked time before a booking starting at the same time).
 */
export function sheetRows(facility: Pick<DayViewFacility, 'bookings' | 'closures' | 'linked'>): SheetRow[] {
  const rows: { start: string; end: string; order: number; row: SheetRow }[] = [
    ...facility.linked.map((l, i) => ({
      start: l.startTime,
      end: l.endTime,
      order: 0,
      row: { kind: 'linked' as const, key: `l-${l.facilityId}-${i}`, time: timeRange(l.startTime, l.endTime), text: linkedText(l) },
    })),
    ...facility.closures.map((c) => ({
      start: c.startTime,
      end: c.endTime,
      order: 0,
      row: { kind: 'closure' as const, key: `c-${c.id}`, time: timeRange(c.startTime, c.endTime), text: closureText(c) },
    })),
    ...facility.bookings.map((b) => ({
      start: b.startTime,
      end: b.endTime,
      order: 1,
      row: {
        kind: 'booking' as const,
        key: `b-${b.id}`,
        time: timeRange(b.startTime, b.endTime),
        name: customerAndPlayers(b),
        phone: b.customer.phone ?? '',
        money: `${moneyText(b)}${attendanceAfter(b)}`,
        note: b.note?.trim() ?? '',
      },
    })),
  ];
  rows.sort((a, b) => a.start.localeCompare(b.start) || a.order - b.order || a.end.localeCompare(b.end));
  return rows.map((r) => r.row);
}

/** The facilities the sheet prints: the one asked for (when it is there), else all of them. */
export function sheetFacilities(day: Pick<DayView, 'facilities'>, facilityId: string | null): DayViewFacility[] {
  const one = facilityId ? day.facilities.filter((f) => f.id === facilityId) : [];
  return one.length > 0 ? one : day.facilities;
}

/** The desk refunds the sheet lists: those of the printed facilities (all of them, and those for no booking, when printing all). */
export function sheetRefunds(day: Pick<DayView, 'deskRefunds' | 'facilities'>, facilityId: string | null): DayView['deskRefunds'] {
  if (!facilityId || !day.facilities.some((f) => f.id === facilityId)) return day.deskRefunds;
  return day.deskRefunds.filter((r) => r.booking?.facilityId === facilityId);
}

/** "#/day-sheet?date=2026-03-04&facility=..." without the hash: the sheet's route. */
/** The desk's cash-up of a day (#/cash-up?date=); from a day still to come, the day view links today's (money is taken today). */
export const cashUpLink = (date: string) => `/cash-up?date=${encodeURIComponent(date)}`;

export const daySheetLink = (date: string, facilityId?: string | null) =>
  `/day-sheet?date=${encodeURIComponent(date)}${facilityId ? `&facility=${encodeURIComponent(facilityId)}` : ''}`;
