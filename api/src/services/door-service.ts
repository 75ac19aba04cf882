import { DOOR_BLOCKED_MESSAGE, DomainError, decideDoor, doorWords, invalid, localTimes, normalizeAccessCode, type DoorBooking } from '@courtside/domain';
import type { AccessCheckDto } from '@courtside/contracts';
import * as devices from '../repositories/access-devices.ts';
import { markCheckedIn } from '../repositories/bookings.ts';
import type { ServiceContext } from '../shared/context.ts';
import { consume, releaseHit, type Limit } from '../shared/throttle.ts';
import { DEVICE_KEY_PREFIX, hashDeviceKey } from './access-device-service.ts';

/**
 * A device at the door asks whether a code opens it (POST /api/access/check).
 *
 * Guessing: six digits are a million codes, a few dozen of them live at any moment. Every code a
 * device sends is counted before it is looked up, in the database (throttle_buckets, one atomic
 * upsert per bucket), so parallel requests cannot all slip under the limit; a code some booking
 * holds gives its count back. Past ACCESS_MAX_WRONG wrong codes in ACCESS_WRONG_WINDOW_MINUTES,
 * or five times that in a day, the device gets 429 with Retry-After for every code, real ones
 * too, until its window ends: at most 5 x 10 wrong codes a day with the defaults.
 */

export interface Device {
  id: string;
  name: string;
  facilityIds: string[] | null;
}

const DAY_MS = 24 * 60 * 60_000;

const unauthenticated = () => new DomainError('unauthenticated', 'UNAUTHENTICATED', 'This device key is not valid (unknown or revoked).');

/** The live device an Authorization header's key belongs to (marking it seen), else 401. */
export async function deviceOf(ctx: ServiceContext, authorization: string | undefined): Promise<Device> {
  const match = /^Bearer (\S+)$/.exec(authorization ?? '');
  const key = match?.[1];
  if (!key || !key.startsWith(DEVICE_KEY_PREFIX)) throw unauthenticated();
  const row = await devices.touchDeviceByKeyHash(ctx.db, hashDeviceKey(key), ctx.clock());
  if (!row) throw unauthenticated();
  return { id: row.id, name: row.name, facilityIds: row.facility_ids };
}

export function guessLimits(ctx: ServiceContext, deviceId: string): Limit[] {
  const max = ctx.config.accessMaxWrong;
  return [
    { key: `door:${deviceId}`, max, windowMs: ctx.config.accessWrongWindowMinutes * 60_000 },
    { key: `door-day:${deviceId}`, max: max * 5, windowMs: DAY_MS },
  ];
}

const doorBookingOf = (row: devices.DoorBookingRow): DoorBooking => ({
  id: row.id,
  facilityId: row.facility_id,
  facilityName: row.facility_name,
  timeZone: row.timezone,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  customerName: row.customer_name,
});

/** The answer for one typed code at one device; an allowed code checks its booking in (the first time only). */
export async function checkCode(ctx: ServiceContext, device: Device, typed: string): Promise<AccessCheckDto> {
  const code = normalizeAccessCode(typed);
  if (!code) throw invalid('BAD_FORMAT', 'code must be six digits', 'code');
  const now = ctx.clock();
  const limits = guessLimits(ctx, device.id);
  for (const limit of limits) await consume(ctx.db, limit, now, DOOR_BLOCKED_MESSAGE);
  const row = await devices.bookingByAccessCode(ctx.db, code, now);
  if (row) for (const limit of limits) await releaseHit(ctx.db, limit.key);
  const decision = decideDoor(row ? doorBookingOf(row) : undefined, device, ctx.config.accessOpensMinutes, now);
  const message = doorWords(decision, now, ctx.config.money.locale);
  if (!decision.allow) {
    return decision.reason === 'too_early'
      ? { allow: false, reason: decision.reason, opensAt: decision.opensAt.toISOString(), message }
      : { allow: false, reason: decision.reason, message };
  }
  const b = decision.booking;
  // First check-in's time and device stay; a second check of the same code opens the door again.
  await markCheckedIn(ctx.db, b.id, { deviceId: device.id }, now);
  return {
    allow: true,
    booking: { id: b.id, facility: b.facilityName, ...localTimes(b.startsAt, b.endsAt, b.timeZone), customerName: b.customerName },
    checkedIn: true,
    message,
  };
}
