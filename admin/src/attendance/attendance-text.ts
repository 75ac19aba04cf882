import { ATTENDANCE_LABELS, displayInstantTime, type Attendance } from '@courtside/domain';
import { venueLocale } from '@courtside/browser';

/** How the back office words a booking's attendance (the domain's labels, which the server's Today list uses too). */
export const attendanceLabel = (a: Attendance): string => ATTENDANCE_LABELS[a];

/** What staff can do about a booking's attendance: check it in, undo that, or clear a no-show; nothing for one not confirmed. */
export function checkInAction(b: { status: string; attendance: Attendance }): { label: string; undo: boolean } | null {
  if (b.attendance === 'checked_in') return { label: 'Undo check-in', undo: true };
  if (b.attendance === 'no_show') return { label: 'Clear no-show', undo: true };
  if (b.status !== 'confirmed') return null;
  return { label: 'Check in', undo: false };
}

/** The short mark a booking block carries: "In" once checked in, "No-show"; nothing while pending. */
export const attendanceMark = (a: Attendance): string => (a === 'checked_in' ? 'In' : a === 'no_show' ? 'No-show' : '');

/** "Checked in 6:02 PM by Dana Desk", "No-show", or "Not checked in": `time` writes the instant. */
export function attendanceLine(b: { attendance: Attendance; checkedInAt: string | null; checkedInBy?: string | null }, time: (iso: string) => string): string {
  if (b.attendance !== 'checked_in' || !b.checkedInAt) return attendanceLabel(b.attendance);
  return `Checked in ${time(b.checkedInAt)}${b.checkedInBy ? ` by ${b.checkedInBy}` : ''}`;
}

/** "3 of 12 checked in": the dashboard's figure for today. */
export const checkInsText = (checkedIn: number, total: number): string => (total === 0 ? 'No bookings today' : `${checkedIn} of ${total} checked in`);

/** "6:02 PM": when a booking was checked in, on the desk's own clock, in the venue's locale. */
export const checkInTime = (iso: string): string => displayInstantTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone, venueLocale());
