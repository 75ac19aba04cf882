import { Type, type Static } from 'typebox';
import { SPORTS, TIMES_OF_DAY, type TimeOfDay } from '@courtside/domain';
import { DateText, Id, Nullable, TimeText, oneOf } from './primitives.ts';
import { SlotDto } from './facilities.ts';

/** GET /api/check-availability: one facility's free slots of a local day (facilityId: the older name of facility). */
export const FreeSlotsQuery = Type.Object({
  date: Type.Optional(DateText),
  facility: Type.Optional(Id),
  facilityId: Type.Optional(Id),
});
export type FreeSlotsQuery = Static<typeof FreeSlotsQuery>;

/** GET /api/availability: free slots of every matching facility on one local day. */
export const AvailabilityQuery = Type.Object({
  date: Type.Intersect([DateText], { description: "The day, on each facility's local calendar (YYYY-MM-DD)" }),
  sport: Type.Optional(oneOf(SPORTS, 'Only facilities of this sport')),
  from: Type.Optional(Type.Intersect([TimeText], { description: 'Only slots starting at or after this local time (HH:mm)' })),
  to: Type.Optional(Type.Intersect([TimeText], { description: 'Only slots starting before this local time (HH:mm, may be 24:00); later than from' })),
});
export type AvailabilityQuery = Static<typeof AvailabilityQuery>;

/** A facility with its free slots of the day (only those in the asked window). */
export const FacilityAvailabilityDto = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  location: Type.String(),
  sport: oneOf(SPORTS),
  imageUrl: Type.String(),
  timezone: Type.String(),
  pricePerHour: Type.Number({ description: "The facility's base price per hour; each slot's price is what it costs the caller" }),
  slots: Type.Array(SlotDto, { minItems: 1 }),
});
export type FacilityAvailabilityDto = Static<typeof FacilityAvailabilityDto>;

const TIME_OF_DAY_NAMES = Object.keys(TIMES_OF_DAY) as TimeOfDay[];

/** What to try when nothing is free in the asked window. */
export const AvailabilityAlternatives = Type.Object({
  outsideWindow: Type.Array(
    Type.Object({ name: oneOf(TIME_OF_DAY_NAMES), count: Type.Integer({ minimum: 1 }) }),
    { description: "That day's free slots (same sport) starting outside the asked window, per time of day that has any, in the day's order" },
  ),
  nextDate: Nullable(DateText, 'The first of the next 7 days with a free slot in the asked window; null: none'),
});
export type AvailabilityAlternatives = Static<typeof AvailabilityAlternatives>;

export const AvailabilityDto = Type.Object({
  date: DateText,
  facilities: Type.Array(FacilityAvailabilityDto, { description: 'Live facilities with at least one free slot in the window, by name' }),
  alternatives: Nullable(AvailabilityAlternatives, 'null unless facilities is empty'),
});
export type AvailabilityDto = Static<typeof AvailabilityDto>;
