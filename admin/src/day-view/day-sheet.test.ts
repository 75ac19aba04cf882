import { describe, expect, it } from 'vitest';
import type { DayView, DayViewBooking, DayViewFacility } from '../types.ts';
import { closureText, daySheetLink, moneyText, sheetFacilities, sheetRefunds, sheetRows } from './day-sheet.ts';

const booking = (over: Partial<DayViewBooking> = {}): DayViewBooking => ({
  id: 'b1',
  startTime: '10:00',
  endTime: '11:00',
  status: 'confirmed',
  paymentStatus: 'unpaid',
  payableAmount: 20,
  balance: 0,
  holdExpiresAt: null,
  note: null,
  customer: { id: 'u1', name: 'Ann Lee', email: 'ann@example.test', phone: '555 0100' },
  players: [],
  attendance: 'pending',
  checkedInAt: null,
  checkedInBy: null,
  ...over,
});

const facility = (over: Partial<DayViewFacility> = {}): DayViewFacility => ({
  id: 'f1',
  name: 'Centre Court',
  isDeleted: false,
  location: '',
  imageUrl: '',
  timezone: 'UTC',
  slotMinutes: 30,
  hours: { open: '08:00', close: '22:00' },
  bookings: [],
  closures: [],
  waiting: [],
  linked: [],
  ...over,
});

describe('day sheet', () => {
  it('says where the money stands in plain words', () => {
    expect(moneyText(booking())).toBe('Owes $20.00');
    expect(moneyText(booking({ paymentStatus: 'paid' }))).toBe('Paid $20.00');
    expect(moneyText(booking({ status: 'pending' }))).toBe('Held — pays online');
    expect(moneyText(booking({ paymentStatus: 'paid', balance: 5 }))).toBe('Paid $20.00 · Collect $5.00');
    expect(moneyText(booking({ paymentStatus: 'paid', balance: -7.5 }))).toBe('Paid $20.00 · Give back $7.50');
    expect(moneyText(booking({ paymentStatus: 'refunded' }))).toBe('Refunded');
  });

  it('writes a closure as a row', () => {
    expect(closureText({ startTime: '12:00', endTime: '14:00', reason: 'Maintenance' })).toBe('Closed 12:00 PM – 2:00 PM: Maintenance');
    expect(closureText({ startTime: '12:00', endTime: '14:00', reason: ' ' })).toBe('Closed 12:00 PM – 2:00 PM');
  });

  it('merges bookings and closures in time order', () => {
    const rows = sheetRows(
      facility({
        bookings: [booking({ id: 'late', startTime: '15:00', endTime: '16:00', note: ' Racket hire ' }), booking({ id: 'early', startTime: '09:00', endTime: '10:00', customer: { id: 'u2', name: 'Bo', email: '', phone: '' } })],
        closures: [{ id: 'c1', startTime: '12:00', endTime: '14:00', reason: 'Maintenance', kind: 'maintenance' } as DayViewFacility['closures'][number]],
      }),
    );
    expect(rows.map((r) => r.key)).toEqual(['b-early', 'c-c1', 'b-late']);
    expect(rows[0]).toMatchObject({ kind: 'booking', time: '9:00 AM – 10:00 AM', name: 'Bo', phone: '', money: 'Owes $20.00', note: '' });
    expect(rows[2]).toMatchObject({ note: 'Racket hire' });
    expect(sheetRows(facility({ bookings: [booking({ players: ['Sam Kerr'] })] }))[0]).toMatchObject({ name: 'Ann Lee + 1 player: Sam Kerr' });
    expect(sheetRows(facility())).toEqual([]);
  });

  it("lists the time a linked facility holds as a row, before a booking starting then", () => {
    const rows = sheetRows(
      facility({
        bookings: [booking({ id: 'b', startTime: '12:00', endTime: '13:00' })],
        linked: [{ facilityId: 'half-a', facilityName: 'Half A', kind: 'booking', label: 'Half A booked', startTime: '12:00', endTime: '13:00' }],
      }),
    );
    expect(rows.map((r) => [r.kind, r.key])).toEqual([
      ['linked', 'l-half-a-0'],
      ['booking', 'b-b'],
    ]);
    expect(rows[0]).toMatchObject({ time: '12:00 PM – 1:00 PM', text: 'Half A booked 12:00 PM – 1:00 PM' });
  });

  it('prints one facility or all, with their desk refunds', () => {
    const day = {
      facilities: [facility(), facility({ id: 'f2', name: 'Court 2' })],
      deskRefunds: [{ id: 'r1', booking: { facilityId: 'f1' } }, { id: 'r2', booking: null }] as unknown as DayView['deskRefunds'],
    };
    expect(sheetFacilities(day, null).map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(sheetFacilities(day, 'f2').map((f) => f.id)).toEqual(['f2']);
    expect(sheetFacilities(day, 'gone').map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(sheetRefunds(day, null).map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(sheetRefunds(day, 'f1').map((r) => r.id)).toEqual(['r1']);
    expect(sheetRefunds(day, 'f2')).toEqual([]);
    expect(daySheetLink('2026-03-04')).toBe('/day-sheet?date=2026-03-04');
    expect(daySheetLink('2026-03-04', 'f2')).toBe('/day-sheet?date=2026-03-04&facility=f2');
  });
});
