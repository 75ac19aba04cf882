import { Type, type Static } from 'typebox';
import { SPORTS, WEEKDAYS } from '@courtside/domain';
import { DateText, TimeText, oneOf } from './primitives.ts';
import { RatingSummary } from './reviews.ts';

/** One weekday's opening hours, or null when closed all day. */
export const DayHours = Type.Union([Type.Object({ open: TimeText, close: TimeText }, { additionalProperties: false }), Type.Null()]);
export const OpeningHours = Type.Object(
  { sun: DayHours, mon: DayHours, tue: DayHours, wed: DayHours, thu: DayHours, fri: DayHours, sat: DayHours },
  { additionalProperties: false },
);

/** One price rule: the first rule that matches a minute prices it; pricePerHour prices a minute none matches. */
export const PriceRule = Type.Object(
  {
    days: Type.Array(oneOf(WEEKDAYS), { minItems: 1, maxItems: 7, description: 'Weekday keys as in openingHours' }),
    from: TimeText,
    to: Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Local wall-clock time HH:mm, exclusive; may be 24:00' }),
    validFrom: Type.Optional(DateText),
    validTo: Type.Optional(DateText),
    pricePerHour: Type.Number({ description: "In the venue's currency, like the facility's pricePerHour" }),
  },
  { additionalProperties: false },
);
export type PriceRule = Static<typeof PriceRule>;

const minutes = (description: string) => Type.Optional(Type.Integer({ description }));
/** A facility's booking policy: a field left out is the venue's default (the global settings). */
export const FacilityPolicy = Type.Object(
  {
    horizonDays: minutes('How many days ahead it may be booked (default BOOKING_HORIZON_DAYS)'),
    minNoticeMinutes: minutes('Minutes before its start a booking must be made (default 0)'),
    cancellationHours: minutes('Hours before its start a paid booking may be cancelled with a refund (default CANCELLATION_HOURS)'),
    minMinutes: minutes('Shortest booking in minutes (default: one slot)'),
    maxMinutes: minutes('Accepted for older clients, never answered: folded into maxBookingMinutes (the stricter of the two, in whole slots), the one longest booking'),
    bufferMinutes: minutes('Changeover minutes (default 0), taken from the end of each booking\'s play (a 60-minute slot with 10 plays 50); shorter than one slot. A booking holds exactly its slots: the neighbouring slots stay on sale'),
    maxActivePerCustomer: minutes('Most active upcoming bookings (held or confirmed) one customer may have here (default: no limit; 409 QUOTA_REACHED). MAX_ACTIVE_BOOKINGS limits them across the venue'),
  },
  { additionalProperties: false },
);
export type FacilityPolicy = Static<typeof FacilityPolicy>;

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
  priceRules: Type.Array(PriceRule, { description: 'Ordered price rules; empty: pricePerHour everywhere' }),
  policy: FacilityPolicy,
  sport: oneOf(SPORTS, 'What it is for; players search by it'),
  rating: RatingSummary,
});
export type FacilityDto = Static<typeof FacilityDto>;

export const SlotDto = Type.Object({
  startTime: Type.String(),
  endTime: Type.String(),
  price: Type.Number({ description: 'What the slot costs the caller, in the venue\'s currency (like pricePerHour), from the facility\'s price rules (and the signed-in customer\'s tier), for its real length (a slot a daylight-saving change stretches or cuts costs what it lasts)' }),
  tier: Type.Optional(Type.String({ description: "The name of the caller's tier when it prices this slot (a bearer token of a customer with a tier in force); absent: the public price" })),
  playMinutes: Type.Optional(Type.Integer({ description: "Minutes of play in the slot when the facility has a changeover (it comes out of the end of the booked time: 60-minute slots with a 10-minute changeover play 50); absent: no changeover, play runs to endTime" })),
});
export type SlotDto = Static<typeof SlotDto>;

/** An hourly price as a page states it: "$28.00 / hour", or "from $20.00 / hour" when it varies. */
export const HourlyPriceDto = Type.Object({
  pricePerHour: Type.Number({ description: "The lowest price per hour anything at the facility costs now, in the venue's currency" }),
  varies: Type.Boolean({ description: 'Whether current price rules make the price vary by time (then pricePerHour is a "from" price)' }),
});
export type HourlyPriceDto = Static<typeof HourlyPriceDto>;

export const CallerPriceDto = Type.Object({
  price: HourlyPriceDto,
  listPrice: HourlyPriceDto,
  tier: Type.Union([Type.String(), Type.Null()], { description: "The name of the caller's tier when it prices this facility; null: the caller pays the list price" }),
});
export type CallerPriceDto = Static<typeof CallerPriceDto>;
