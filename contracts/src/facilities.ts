import { Type, type Static } from 'typebox';
import { CHECK_IN_CHOICES, MAX_PLAYERS_RANGE, MAX_PRICE_RULES, SPORTS, TEXT_LIMITS, WEEKDAYS } from '@courtside/domain';
import { DateText, Id, ImageUrl, Nullable, Price, Text, TimeText, oneOf } from './primitives.ts';
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
    checkIn: Type.Optional(oneOf(CHECK_IN_CHOICES, "'on': bookings here are checked in (at the desk or a door device), and a confirmed booking nobody checked in by its start plus NO_SHOW_GRACE_MINUTES becomes a no-show (default 'off')")),
  },
  { additionalProperties: false },
);
export type FacilityPolicy = Static<typeof FacilityPolicy>;

/** A facility linked to another (its parent or one of its parts), named. */
export const LinkedFacility = Type.Object({ _id: Type.String(), name: Type.String() });

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
  maxPlayers: Type.Integer({ description: 'How many may play on one booking, its organizer counted' }),
  rating: RatingSummary,
  parentId: Nullable(Type.String(), 'Linked courts: the facility this one is part of (its time is shared: a booking on either occupies the other); null when it is part of nothing'),
  parent: Nullable(LinkedFacility, 'The facility this one is part of, named'),
  parts: Type.Array(LinkedFacility, { description: "Linked courts: its live parts, by name (each shares this facility's time; parts do not block each other)" }),
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

// ---- Requests ----

/** GET /api/facility: the public list, narrowed. */
export const FacilityListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive part of the name' })),
  maxPrice: Type.Optional(Price("Highest price per hour, in the venue's currency")),
  sport: Type.Optional(oneOf(SPORTS, 'Only facilities of this sport')),
});
export type FacilityListQuery = Static<typeof FacilityListQuery>;

/** A facility's policy as staff write it: a field left out (or null) is the venue default; the domain checks the ranges. */
const PolicyBody = Type.Object(
  Object.fromEntries(Object.entries(FacilityPolicy.properties).map(([k, v]) => {
    const description = (v as { description?: string }).description;
    // checkIn is a choice (the domain names the ones it takes); every other field a whole number.
    return [k, Type.Optional(Type.Union([k === 'checkIn' ? Type.String({ description }) : Type.Integer({ description }), Type.Null()]))];
  })),
  { additionalProperties: false, description: 'Replaces the whole policy; a field left out or null is the venue default' },
);

const facilityFields = {
  name: Text(TEXT_LIMITS.facilityName),
  location: Text(TEXT_LIMITS.location),
  pricePerHour: Price(),
  description: Text(TEXT_LIMITS.description, 'paragraphs'),
  imageUrl: ImageUrl,
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  openingHours: Type.Optional(OpeningHours),
  slotMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 240 })),
  maxBookingMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 1440 })),
  priceRules: Type.Optional(Type.Array(PriceRule, { maxItems: MAX_PRICE_RULES, description: 'Replaces the whole ordered list; the first rule matching a minute prices it' })),
  policy: Type.Optional(PolicyBody),
  sport: Type.Optional(oneOf(SPORTS, 'What it is for (default other); players search by it')),
  maxPlayers: Type.Optional(
    Type.Integer({ minimum: MAX_PLAYERS_RANGE.min, maximum: MAX_PLAYERS_RANGE.max, description: "How many may play on one booking, its organizer counted (default: the sport's usual number)" }),
  ),
  parentId: Type.Optional(
    Nullable(Id, "Linked courts: the facility this one is part of (one level: a parent is part of nothing, a part has no parts); null: part of nothing. Refused with 409 LINK_CONFLICT and the list when upcoming bookings or closures of the two would then overlap"),
  ),
};

/** POST /api/facility and /api/admin/facilities */
export const FacilityCreateBody = Type.Object(facilityFields, { additionalProperties: false });
export type FacilityCreateBody = Static<typeof FacilityCreateBody>;

/** PUT /api/facility/:id and /api/admin/facilities/:id: the fields given only. */
export const FacilityUpdateBody = Type.Object(
  {
    name: Type.Optional(facilityFields.name),
    location: Type.Optional(facilityFields.location),
    pricePerHour: Type.Optional(facilityFields.pricePerHour),
    description: Type.Optional(facilityFields.description),
    imageUrl: Type.Optional(ImageUrl),
    timezone: facilityFields.timezone,
    openingHours: facilityFields.openingHours,
    slotMinutes: facilityFields.slotMinutes,
    maxBookingMinutes: facilityFields.maxBookingMinutes,
    priceRules: facilityFields.priceRules,
    policy: facilityFields.policy,
    sport: facilityFields.sport,
    maxPlayers: facilityFields.maxPlayers,
    parentId: facilityFields.parentId,
    isDeleted: Type.Optional(Type.Boolean()),
    confirmTimezoneChange: Type.Optional(
      Type.Boolean({ description: 'Change the time zone although live bookings exist: they keep their local times (not stored)' }),
    ),
  },
  { additionalProperties: false },
);
export type FacilityUpdateBody = Static<typeof FacilityUpdateBody>;

/** DELETE /api/facility/:id and /api/admin/facilities/:id */
export const DeleteFacilityQuery = Type.Object({
  cancelBookings: Type.Optional(Type.Boolean({ description: 'Cancel (and refund) its live bookings instead of refusing while it has some' })),
});
export type DeleteFacilityQuery = Static<typeof DeleteFacilityQuery>;

/** GET /uploads/facilities/:file: a stored photo, by the name its upload answered. */
export const PhotoFileParams = Type.Object({ file: Type.String({ maxLength: 64 }) });
export type PhotoFileParams = Static<typeof PhotoFileParams>;
