import type { DayViewBooking } from '../types.ts';
import { brand } from '../theme.ts';

/** How the day view draws each state: the legend and the grid take their colours from here. */

export const closedLook = { background: 'repeating-linear-gradient(135deg, #eef0f3 0 6px, #e4e7ec 6px 12px)' };
/** A closure staff made (maintenance, an event, weather): darker than the hours outside opening, with an edge. */
export const closureLook = { background: 'repeating-linear-gradient(135deg, #dfe3e9 0 6px, #cfd5dd 6px 12px)', borderLeft: '4px solid #6b7585' };
export const freeLook = { bgcolor: '#fff', border: `1px solid ${brand.line}` };
const confirmedLook = { bgcolor: brand.light, borderLeft: `4px solid ${brand.main}`, outline: 'none' };
const heldLook = { bgcolor: '#fff6e5', borderLeft: `4px solid ${brand.accent}`, outline: `1px dashed ${brand.accent}`, outlineOffset: -1 };

export const bookingLook = (status: DayViewBooking['status']) => (status === 'confirmed' ? confirmedLook : heldLook);

export const legend = [
  { label: 'Confirmed', sx: confirmedLook },
  { label: 'Held (awaiting payment)', sx: heldLook },
  { label: 'Free', sx: freeLook },
  { label: 'Closure', sx: closureLook },
  { label: 'Not open', sx: closedLook },
];
