import { describe, expect, test } from 'vitest';
import { attendanceLine, attendanceMark, checkInAction, checkInsText } from './attendance-text.ts';

describe('attendance words', () => {
  test('the action a booking offers', () => {
    expect(checkInAction({ status: 'confirmed', attendance: 'pending' })).toEqual({ label: 'Check in', undo: false });
    expect(checkInAction({ status: 'confirmed', attendance: 'checked_in' })).toEqual({ label: 'Undo check-in', undo: true });
    expect(checkInAction({ status: 'confirmed', attendance: 'no_show' })).toEqual({ label: 'Clear no-show', undo: true });
    expect(checkInAction({ status: 'pending', attendance: 'pending' })).toBeNull();
    expect(checkInAction({ status: 'cancelled', attendance: 'pending' })).toBeNull();
  });

  test('the block mark and the line', () => {
    expect(attendanceMark('pending')).toBe('');
    expect(attendanceMark('checked_in')).toBe('In');
    expect(attendanceMark('no_show')).toBe('No-show');
    const time = (iso: string) => iso.slice(11, 16);
    expect(attendanceLine({ attendance: 'checked_in', checkedInAt: '2027-03-01T18:02:00Z', checkedInBy: 'Dana Desk' }, time)).toBe('Checked in 18:02 by Dana Desk');
    expect(attendanceLine({ attendance: 'checked_in', checkedInAt: '2027-03-01T18:02:00Z' }, time)).toBe('Checked in 18:02');
    expect(attendanceLine({ attendance: 'no_show', checkedInAt: null }, time)).toBe('No-show');
    expect(attendanceLine({ attendance: 'pending', checkedInAt: null }, time)).toBe('Not checked in');
  });

  test("today's check-ins", () => {
    expect(checkInsText(3, 12)).toBe('3 of 12 checked in');
    expect(checkInsText(0, 0)).toBe('No bookings today');
  });
});
