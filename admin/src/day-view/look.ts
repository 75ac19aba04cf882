import type { DayViewBooking } from '../types.ts';
import { brand } from '../theme.ts';

/** How the day view draws each state: the legend and the grid take their colours from here. */

export const closedLook = { background: 'repeating-linear-gradient(135deg, #eef0f3 0 6px, #e4e7ec 6px 12px)' };
/** A closure staff made (maintenance, an event, weather): darker than the hours outside opening, with an edge. */
export const closureLook = { background: 'repeating-linear-gradient(135deg, #dfe3e9 0 6px, #cfd5dd 6px 12px)', borderLeft: '4px solid #6b7585' };
/** Time a linked facility holds (its parent or a part): plain grey with a dotted edge, quieter than a closure's hatching. */
export const linkedLook = { bgcolor: '#e6e9ee', borderLeft: '4px dotted #6b7585' };
export const freeLook = { bgcolor: '#fff', border: `1px solid ${brand.line}` };
const confirmedLook = { bgcolor: brand.light, borderLeft: `4px solid ${brand.main}`, outline: 'none' };
/** Confirmed but not paid: money to take at the desk, so it stands out from paid ones (stripes, an amber edge and outline). */
const unpaidLook = {
  bgcolor: brand.light,
  backgroundImage: `repeating-linear-gradient(135deg, transparent 0 7px, rgba(242,169,59,0.28) 7px 10px)`,
  borderLeft: `4px solid ${brand.accent}`,
  outline: `1px solid ${brand.accent}`,
  outlineOffset: -1,
};
const heldLook = { bgcolor: '#fff6e5', borderLeft: `4px solid ${brand.accent}`, outline: `1px dashed ${brand.accent}`, outlineOffset: -1 };

export const bookingLook = (b: Pick<DayViewBooking, 'status' | 'paymentStatus'>) =>
  b.status !== 'confirmed' ? heldLook : b.paymentStatus === 'paid' ? confirmedLook : unpaidLook;

/** The tag's colours on a block: unpaid and cash to hand back are to-dos, so they are the loud ones. */
export const tagLook = {
  paid: { color: brand.dark, bgcolor: 'transparent', border: `1px solid ${brand.main}` },
  held: { color: '#7a4a00', bgcolor: '#fff', border: `1px dashed ${brand.accent}` },
  unpaid: { color: '#fff', bgcolor: '#9a5b00', border: '1px solid #9a5b00' },
  cash: { color: '#fff', bgcolor: '#b3261e', border: '1px solid #b3261e' },
} as const;

/** The waitlist's marks: customers wait for this time (white on violet, 8:1). */
export const waitingLook = { color: '#fff', bgcolor: '#6a3d9a' } as const;

export const legend = [
  { label: 'Confirmed, paid', sx: confirmedLook },
  { label: 'Confirmed, unpaid (take payment)', sx: unpaidLook },
  { label: 'Held (awaiting payment)', sx: heldLook },
  { label: 'Free', sx: freeLook },
  { label: 'Closure', sx: closureLook },
  { label: 'Taken on a linked court', sx: linkedLook },
  { label: 'Not open', sx: closedLook },
  { label: 'Customers waiting', sx: { bgcolor: waitingLook.bgcolor } },
];
