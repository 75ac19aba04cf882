import { Type, type Static } from 'typebox';
import { DOOR_REASONS } from '@courtside/domain';
import { DateText, Id, Nullable, Text, TimeText, oneOf } from './primitives.ts';

/** At the door: access devices (/api/admin/devices) and the check a device makes (/api/access/check). */

/** Facilities one device may open at most (more than a venue has; the list must stay small). */
const MAX_DEVICE_FACILITIES = 200;

/** A device as the back office lists it; its key is never shown again after it is made. */
export const AccessDeviceDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  facilityIds: Nullable(Type.Array(Type.String()), 'The facilities it opens, or null: every facility'),
  createdAt: Type.String(),
  lastSeenAt: Nullable(Type.String(), 'When it last asked about a code'),
  revokedAt: Nullable(Type.String(), 'When staff revoked it: its key works no more'),
});
export type AccessDeviceDto = Static<typeof AccessDeviceDto>;

/** The answer to creating a device: the device, and its key, this once. */
export const NewAccessDeviceDto = Type.Intersect([
  AccessDeviceDto,
  Type.Object({ key: Type.String({ description: 'The device key (Authorization: Bearer <key>): shown this once, stored only as a hash' }) }),
]);
export type NewAccessDeviceDto = Static<typeof NewAccessDeviceDto>;

/** POST and PUT /api/admin/devices. */
export const AccessDeviceBody = Type.Object(
  {
    name: Text(80),
    facilityIds: Type.Optional(Nullable(Type.Array(Id, { maxItems: MAX_DEVICE_FACILITIES }), 'The facilities it opens; left out, null or empty: every facility')),
  },
  { additionalProperties: false },
);
export type AccessDeviceBody = Static<typeof AccessDeviceBody>;

/** POST /api/access/check. */
export const AccessCheckBody = Type.Object(
  { code: Type.String({ maxLength: 20, description: 'The six digits as typed (spaces between them are ignored)' }) },
  { additionalProperties: false },
);
export type AccessCheckBody = Static<typeof AccessCheckBody>;

const message = Type.String({ description: 'What a screen at the door shows ("Welcome, Ana: Court 3 until 7:00 PM", or why not)' });

export const AccessAllowedDto = Type.Object({
  allow: Type.Literal(true),
  booking: Type.Object({
    id: Type.String(),
    facility: Type.String({ description: "The facility's name" }),
    date: DateText,
    startTime: TimeText,
    endTime: TimeText,
    customerName: Type.String(),
  }),
  checkedIn: Type.Literal(true, { description: 'The booking is checked in (by this check, or an earlier one whose time stays)' }),
  message,
});
export const AccessRefusedDto = Type.Object({
  allow: Type.Literal(false),
  reason: oneOf(DOOR_REASONS, 'unknown: no booking has this code; too_early: see opensAt; ended: the booking is over; other_facility: the booking is at a facility this device does not open'),
  opensAt: Type.Optional(Type.String({ description: 'too_early only: when the code opens the door (ISO 8601)' })),
  message,
});
export const AccessCheckDto = Type.Union([AccessAllowedDto, AccessRefusedDto]);
export type AccessCheckDto = Static<typeof AccessCheckDto>;
