import { Type } from 'typebox';
import { CLOSURE_KINDS, SPORTS, TEXT_LIMITS, TIER_NAME_MAX_LENGTH } from '@courtside/domain';
import { DateText, FacilityPolicy, Nullable, OpeningHours, PriceRule, TierFacilityPriceMap, TimeText, oneOf } from '@courtside/contracts';
import { IMAGE_URL_FORMAT, TEXT_KEYWORD, type TextKind } from '../http/validation.ts';

/**
 * Request schemas shared by the routes (what the API validates and documents). The shapes of
 * answers are in @courtside/contracts.
 */

export const Id = Type.String({ format: 'uuid', description: 'Record id (UUID)' });
export const IdParams = Type.Object({ id: Id });

/**
 * Typed text (http/validation.ts applies the rule), every free-text field of every request:
 * trimmed before it is checked and stored, refused when blank once trimmed or when it carries
 * an unpaired surrogate. Names, titles and places ('line') are one line: no control character
 * (CR, LF, tab, ESC, BEL, C1...) and no text-direction control. A description ('paragraphs')
 * keeps its line breaks and tabs and refuses other controls, direction ones included. A
 * message or a note ('prose') likewise, but may carry direction marks, as right-to-left writing can.
 */
const TEXT_RULES: Record<TextKind, string> = {
  line: 'Trimmed; not blank; one line: no control characters, text-direction controls or unpaired surrogates',
  paragraphs: 'Trimmed; not blank; line breaks and tabs kept; no other control characters, text-direction controls or unpaired surrogates',
  prose: 'Trimmed; not blank; line breaks and tabs kept; no other control characters or unpaired surrogates',
};
const Text = (max: number, kind: TextKind = 'line') => Type.String({ minLength: 1, maxLength: max, [TEXT_KEYWORD]: kind, description: TEXT_RULES[kind] });
/** An address for new accounts and messages: one that is safe in a mailto: link (domain isSaneEmail). */
export const Email = Type.String({ format: 'email', maxLength: TEXT_LIMITS.email });
/** Signing in takes any address of bounded length: accounts made before the stricter rule still sign in. */
export const SignInEmail = Type.String({ minLength: 1, maxLength: TEXT_LIMITS.email });
/** A photo or image address: an https: URL or a path on this site (/images/...); never javascript:, data:, http: or //host. */
const imageUrl = (minLength: number, note = '') =>
  Type.String({ format: IMAGE_URL_FORMAT, minLength, maxLength: TEXT_LIMITS.imageUrl, description: `An https: URL or a path on this site such as /images/avatar.svg${note}` });
export const Url = imageUrl(1);
/** A password as typed: any text up to the bound (the domain's policy judges new ones). */
export const Password = Type.String({ minLength: 1, maxLength: TEXT_LIMITS.signInPassword });
/** A photo at sign-up or account creation, where empty means none given. */
export const NewPhotoUrl = imageUrl(0, '; empty or left out: the default avatar');

/** Contact fields shared by accounts, profiles and checkout. */
export const PersonName = Text(TEXT_LIMITS.personName);
export const Phone = Text(TEXT_LIMITS.phone);
export const Address = Text(TEXT_LIMITS.address);
/** A contact message's subject (a title) and its text. */
export const Subject = Text(TEXT_LIMITS.subject);
export const MessageText = Text(TEXT_LIMITS.message, 'prose');

export const AccountBody = Type.Object(
  {
    name: PersonName,
    email: Email,
    password: Password,
    phone: Phone,
    address: Address,
    photoUrl: Type.Optional(NewPhotoUrl),
  },
  { additionalProperties: false },
);

/** A facility's policy as staff write it: a field left out (or null) is the venue default; the domain checks the ranges. */
const PolicyBody = Type.Object(
  Object.fromEntries(Object.entries(FacilityPolicy.properties).map(([k, v]) => [k, Type.Optional(Type.Union([Type.Integer({ description: (v as { description?: string }).description }), Type.Null()]))])),
  { additionalProperties: false, description: 'Replaces the whole policy; a field left out or null is the venue default' },
);

const facilityFields = {
  name: Text(TEXT_LIMITS.facilityName),
  location: Text(TEXT_LIMITS.location),
  pricePerHour: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  description: Text(TEXT_LIMITS.description, 'paragraphs'),
  imageUrl: Url,
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  openingHours: Type.Optional(OpeningHours),
  slotMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 240 })),
  maxBookingMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 1440 })),
  priceRules: Type.Optional(Type.Array(PriceRule, { maxItems: 50, description: 'Replaces the whole ordered list; the first rule matching a minute prices it' })),
  policy: Type.Optional(PolicyBody),
  sport: Type.Optional(oneOf(SPORTS, 'What it is for (default other); players search by it')),
};
export const FacilityCreateBody = Type.Object(facilityFields, { additionalProperties: false });
export const FacilityUpdateBody = Type.Object(
  {
    name: Type.Optional(facilityFields.name),
    location: Type.Optional(facilityFields.location),
    pricePerHour: Type.Optional(facilityFields.pricePerHour),
    description: Type.Optional(facilityFields.description),
    imageUrl: Type.Optional(Url),
    timezone: facilityFields.timezone,
    openingHours: facilityFields.openingHours,
    slotMinutes: facilityFields.slotMinutes,
    maxBookingMinutes: facilityFields.maxBookingMinutes,
    priceRules: facilityFields.priceRules,
    policy: facilityFields.policy,
    sport: facilityFields.sport,
    isDeleted: Type.Optional(Type.Boolean()),
    confirmTimezoneChange: Type.Optional(
      Type.Boolean({ description: 'Change the time zone although live bookings exist: they keep their local times (not stored)' }),
    ),
  },
  { additionalProperties: false },
);
export const DeleteFacilityQuery = Type.Object({
  cancelBookings: Type.Optional(Type.Boolean({ description: 'Cancel (and refund) its live bookings instead of refusing while it has some' })),
});

export const BookingBody = Type.Object(
  { facility: Id, date: DateText, startTime: TimeText, endTime: TimeText },
  { additionalProperties: false },
);
/** Staff agree to the new price of a move that changes it (else 409 PRICE_CHANGE_UNCONFIRMED with priceChange, and nothing moves). */
export const ConfirmPriceChange = Type.Optional(Type.Boolean({ description: 'Staff agree to the price change the move makes (PRICE_CHANGE_UNCONFIRMED otherwise); a customer moving their hold need not' }));
/** Agree to a move onto a facility of another sport (else 409 SPORT_CHANGE_UNCONFIRMED, and nothing moves). */
export const ConfirmSportChange = Type.Optional(Type.Boolean({ description: 'Agree to moving the booking to a facility of another sport (SPORT_CHANGE_UNCONFIRMED otherwise)' }));
export const RescheduleBody = Type.Object(
  {
    facility: Type.Optional(Id),
    date: Type.Optional(DateText),
    startTime: Type.Optional(TimeText),
    endTime: Type.Optional(TimeText),
    confirmPriceChange: ConfirmPriceChange,
    confirmSportChange: ConfirmSportChange,
  },
  { additionalProperties: false },
);

/** A local wall-clock moment, read in each facility's zone: YYYY-MM-DDTHH:mm (the domain checks the calendar). */
const LocalDateTimeText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$', description: 'Local to each facility: YYYY-MM-DDTHH:mm' });
export const ClosureBody = Type.Object(
  {
    facilityIds: Type.Array(Id, { minItems: 1, maxItems: 200, description: 'The facilities it closes' }),
    start: LocalDateTimeText,
    end: LocalDateTimeText,
    reason: Text(TEXT_LIMITS.closureReason),
    kind: oneOf(CLOSURE_KINDS),
    cancelBookings: Type.Optional(Type.Boolean({ description: 'Cancel (and fully refund) the live bookings in the way instead of refusing with CLOSURE_CONFLICT' })),
  },
  { additionalProperties: false },
);

/** Who a front-desk booking is for: a customer's id staff picked, or a new guest (never matched to an account by phone or email). */
const CustomerChoiceFields = {
  userId: Type.Optional(Id),
  guest: Type.Optional(Type.Object(
    { name: Text(TEXT_LIMITS.personName), phone: Type.Optional(Text(TEXT_LIMITS.phone)), email: Type.Optional(Email) },
    { additionalProperties: false },
  )),
};
export const DeskBookingBody = Type.Object(
  {
    facilityId: Id,
    date: DateText,
    startTime: TimeText,
    endTime: TimeText,
    ...CustomerChoiceFields,
    payment: Type.Union([Type.Literal('desk'), Type.Literal('unpaid'), Type.Literal('link')], {
      description: 'desk: paid now at the desk; unpaid: confirmed, paid later (mark-paid); link: held LINK_HOLD_HOURS for the customer to pay on the hosted page',
    }),
    note: Type.Optional(Text(TEXT_LIMITS.bookingNote, 'prose')),
    lateEntry: Type.Optional(Type.Boolean({ description: 'Staff confirm that a booking of today may start before now (a walk-in already playing); without it a start in the past is refused' })),
  },
  { additionalProperties: false },
);

/** A desk quote: where, when and for whom (a customer's id; none for a walk-in). */
export const DeskQuoteBody = Type.Object(
  { facilityId: Id, date: DateText, startTime: TimeText, endTime: TimeText, userId: Type.Optional(Id) },
  { additionalProperties: false },
);

export const SettleBalanceBody = Type.Object(
  {
    how: Type.Union([Type.Literal('desk'), Type.Literal('provider')], {
      description: 'desk: collected at the desk (a positive balance) or handed back there (a negative one); provider: given back through the provider that took the money',
    }),
    amount: Type.Number({ description: 'The balance as staff saw it (positive: to collect; negative: to give back); settled only if it still is (BALANCE_CHANGED otherwise)' }),
  },
  { additionalProperties: false },
);

export const SeriesBody = Type.Object(
  {
    facilityId: Id,
    firstDate: DateText,
    startTime: TimeText,
    endTime: TimeText,
    every: Type.Union([Type.Literal(1), Type.Literal(2)], { description: 'Every 1 or 2 weeks' }),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 104, description: 'How many dates (or give until)' })),
    until: Type.Optional(DateText),
    ...CustomerChoiceFields,
    payment: Type.Union([Type.Literal('desk'), Type.Literal('unpaid')], { description: 'desk: every date paid now at the desk (one order); unpaid: confirmed, paid later' }),
    onConflict: Type.Union([Type.Literal('fail'), Type.Literal('skip')], { description: 'fail: one taken or closed date refuses the series (409 SERIES_CONFLICT with the dates); skip: book the free dates and list the others' }),
    note: Type.Optional(Text(TEXT_LIMITS.bookingNote, 'prose')),
  },
  { additionalProperties: false },
);
export const SeriesCancelQuery = Type.Object({
  from: Type.Optional(Type.Intersect([DateText], { description: 'Cancel the dates from this local date on (default: every one still to come)' })),
});

/** A customer tier as staff write it: a name and exactly one of discountPercent or facilityPrices (the other left out or null; the domain checks both). */
export const TierBody = Type.Object(
  {
    name: Text(TIER_NAME_MAX_LENGTH),
    discountPercent: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100, description: 'Percent off the public price' }))),
    facilityPrices: Type.Optional(Nullable(TierFacilityPriceMap)),
  },
  { additionalProperties: false },
);

/** A customer's tier as staff set it on their record. */
export const TierAssignmentFields = {
  tierId: Type.Optional(Nullable(Id, "The customer's tier (GET /api/admin/tiers); null: none, public prices")),
  tierExpiresAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }), 'When the tier stops counting (ISO date-time); null: never')),
};
