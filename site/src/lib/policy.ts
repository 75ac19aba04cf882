import type { BookingDto, FacilityDto, FacilityPolicy, PublicSettings } from '@courtside/contracts';
import { changeoverRule, durationText, effectivePolicy, globalPolicy } from '@courtside/domain';
import { formatZoned } from './zoned-time.ts';

/**
 * The venue's policy in the customer's words, from the server's own numbers (GET /api/settings
 * and each booking's cancellable / cancellableUntil), so the site never promises what the
 * server would refuse. One wording for the booking page, checkout, the FAQ and the return pages.
 */

/** The settings in force at one facility: its own horizon and cancellation window where its policy sets them. */
export function facilitySettings(s: PublicSettings, policy: FacilityPolicy | undefined): PublicSettings {
  return {
    ...s,
    bookingHorizonDays: policy?.horizonDays ?? s.bookingHorizonDays,
    cancellationHours: policy?.cancellationHours ?? s.cancellationHours,
  };
}

const hoursText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

/**
 * The cancellation terms: of one facility (its settings from facilitySettings), or the venue's
 * default, which says that a facility may set its own (the FAQ, checkout, the return pages).
 */
export function cancellationPolicy(s: Pick<PublicSettings, 'cancellationHours'>, scope: 'facility' | 'venue' = 'venue'): string {
  const own = scope === 'venue' ? ' Some facilities set their own window: their booking page and each of your bookings show it.' : '';
  if (s.cancellationHours === 0) return `Free cancellation until your booking starts: cancel it in My Bookings and a paid booking is refunded in full.${own}`;
  return `Free cancellation up to ${hoursText(s.cancellationHours)} before the start: cancel in My Bookings and a paid booking is refunded in full. After that it can no longer be cancelled online; please contact us.${own}`;
}

const windowText = (hours: number) => (hours === 0 ? 'until the start' : `up to ${hoursText(hours)} before the start`);

/**
 * The cancellation terms of the bookings at hand (checkout, the success page): each booking's own
 * window (its facility's rule, as the server sends it on the booking), said once per window and
 * naming the facilities when they differ. Empty with no bookings.
 */
export function cancellationTermsOf(lines: readonly { facilityName: string; cancellationHours: number }[]): string {
  const byHours = new Map<number, string[]>();
  for (const l of lines) {
    const names = byHours.get(l.cancellationHours) ?? [];
    if (!names.includes(l.facilityName)) names.push(l.facilityName);
    byHours.set(l.cancellationHours, names);
  }
  if (byHours.size === 0) return '';
  if (byHours.size === 1) return cancellationPolicy({ cancellationHours: [...byHours.keys()][0]! }, 'facility');
  const parts = [...byHours].sort(([a], [b]) => a - b).map(([hours, names]) => `${windowText(hours)} at ${names.join(', ')}`);
  return `Free cancellation ${parts.join('; ')}: cancel in My Bookings and a paid booking is refunded in full. After that it can no longer be cancelled online; please contact us.`;
}

export function holdPolicy(s: Pick<PublicSettings, 'holdMinutes'>): string {
  return `A new booking holds your slot for ${s.holdMinutes} minutes while you pay; unpaid holds are released after that.`;
}

export type CancelNote = { tone: 'ok' | 'warn'; text: string } | null;

/**
 * What a booking's own deadline means: "Free cancellation until Tue, Mar 9, 13:00" while the
 * customer may still cancel it with a refund; after that, that it can no longer be cancelled.
 * A pending hold shows the deadline it will have once paid. Nothing for bookings that are over.
 */
export function cancellationNote(b: Pick<BookingDto, 'status' | 'cancellable' | 'cancellableUntil' | 'facility'>, now = Date.now()): CancelNote {
  if (!b.cancellableUntil || (b.status !== 'pending' && b.status !== 'confirmed')) return null;
  const deadline = formatZoned(b.cancellableUntil, b.facility.timezone, { withDay: true });
  const open = Date.parse(b.cancellableUntil) >= now;
  if (b.status === 'pending') {
    return open
      ? { tone: 'ok', text: `Free cancellation until ${deadline}` }
      : { tone: 'warn', text: 'Starts soon: once paid, it cannot be cancelled' };
  }
  return b.cancellable && open
    ? { tone: 'ok', text: `Free cancellation until ${deadline}` }
    : { tone: 'warn', text: `Free cancellation ended ${deadline}` };
}

/**
 * A facility's booking rules as a visitor reads them before booking, from the policy the server
 * applies (the domain's effectivePolicy over the venue's settings): how far ahead, how late, how
 * long, until when it may be cancelled, the changeover and the per-customer limit. A rule the
 * facility does not have is left out.
 */
export function facilityRules(facility: Pick<FacilityDto, 'policy' | 'maxBookingMinutes' | 'slotMinutes'>, s: PublicSettings): { rule: string; text: string }[] {
  const p = effectivePolicy(facility.policy, globalPolicy(s));
  const longest = Math.min(facility.maxBookingMinutes, p.maxMinutes);
  const shortest = Math.max(facility.slotMinutes, p.minMinutes);
  const rules = [
    { rule: 'Booking opens', text: `${p.horizonDays} day${p.horizonDays === 1 ? '' : 's'} ahead` },
    ...(p.minNoticeMinutes > 0 ? [{ rule: 'Book at least', text: `${durationText(p.minNoticeMinutes)} before the start` }] : []),
    { rule: 'Length', text: shortest === longest ? durationText(longest) : `${durationText(shortest)} to ${durationText(longest)}` },
    { rule: 'Free cancellation', text: windowText(p.cancellationHours) },
    ...(p.bufferMinutes > 0 ? [{ rule: 'Changeover', text: changeoverRule(facility.slotMinutes, p.bufferMinutes) }] : []),
    ...(p.maxActivePerCustomer !== null ? [{ rule: 'Per customer', text: `up to ${p.maxActivePerCustomer} upcoming booking${p.maxActivePerCustomer === 1 ? '' : 's'} here` }] : []),
    { rule: 'Holding a slot', text: `${s.holdMinutes} minutes to pay` },
  ];
  return rules;
}
