import { Type, type Static } from 'typebox';
import { TimeText } from './primitives.ts';

/** One weekday's opening hours, or null when closed all day. */
export const DayHours = Type.Union([Type.Object({ open: TimeText, close: TimeText }, { additionalProperties: false }), Type.Null()]);
export const OpeningHours = Type.Object(
  { sun: DayHours, mon: DayHours, tue: DayHours, wed: DayHours, thu: DayHours, fri: DayHours, sat: DayHours },
  { additionalProperties: false },
);

export const FacilityDto = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  location: Type.String(),
  pricePerHour: Type.Number(),
  description: Type.String(),
  imageUrl: Type.String(),
  isDeleted: Type.Boolean(),
  timezone: Type.String(),
  openingHours: OpeningHours,
  slotMinutes: Type.Integer(),
  maxBookingMinutes: Type.Integer(),
});
export type FacilityDto = Static<typeof FacilityDto>;

export const SlotDto = Type.Object({
  startTime: Type.String(),
  endTime: Type.String(),
  price: Type.Optional(Type.Number({ description: 'Only on a slot a daylight-saving change stretches or cuts: what it costs, in dollars, for its real length' })),
});
export type SlotDto = Static<typeof SlotDto>;
