import { Type, type Static, type TSchema } from 'typebox';
import { ACTIVE_STATUSES, BOOKING_STATUSES, CLOSURE_KINDS, MAX_SERIES_OCCURRENCES, OUTBOX_STATES, TEXT_LIMITS } from '@courtside/domain';
import { BookingNote, CustomerChoiceFields, DeskPaymentMethodField, PaymentStatusSchema } from './bookings.ts';
import { DeskRefundDto } from './payments.ts';
import { DayHours } from './facilities.ts';
import { DayViewWaiting } from './waitlist.ts';
import { AttendanceSchema } from './attendance.ts';
import { DateText, Email, Id, Nullable, PersonName, Text, TimeText, oneOf } from './primitives.ts';

/** The back office's day view, dashboard figures and messages. Money in dollars. */

/** A record of a back-office list (ra-data-simple-rest): the public shape plus the `id` react-admin keys on. */
export const ListRecord = <T extends TSchema>(shape: T) => Type.Intersect([Type.Object({ id: Type.String() }), shape]);
export type ListRecord<T> = T & { id: string };

export const DayViewBooking = Type.Object({
  id: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  status: oneOf(ACTIVE_STATUSES),
  paymentStatus: PaymentStatusSchema,
  payableAmount: Type.Number(),
  balance: Type.Number({ description: 'A paid booking moved to a slot at another price: still to collect (positive) or to give back (negative)' }),
  holdExpiresAt: Nullable(Type.String()),
  note: Nullable(Type.String({ description: "Staff's note on the booking" })),
  customer: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String(), phone: Type.String() }),
  players: Type.Array(Type.String(), { description: "The booking's other players (joined or added by name), whole names, in the order they joined" }),
  attendance: AttendanceSchema,
  checkedInAt: Nullable(Type.String(), 'When it was checked in (ISO instant), while checked in'),
  checkedInBy: Nullable(Type.String(), 'The staff member or door device that checked it in'),
});
export type DayViewBooking = Static<typeof DayViewBooking>;

/** A closed range of the day, clipped to it (00:00..24:00), on the facility's clock. */
export const DayViewClosure = Type.Object({
  id: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  reason: Type.String(),
  kind: oneOf(CLOSURE_KINDS),
});
export type DayViewClosure = Static<typeof DayViewClosure>;

/** Time of the day taken on a linked facility (its parent, or one of its parts), on this facility's clock. */
export const DayViewLinked = Type.Object({
  facilityId: Type.String(),
  facilityName: Type.String(),
  kind: Type.Union([Type.Literal('booking'), Type.Literal('closure')]),
  label: Type.String({ description: 'The cause, as the grid shows it: "Half A booked", "Meadow Lane Pitch closed"' }),
  startTime: Type.String(),
  endTime: Type.String(),
});
export type DayViewLinked = Static<typeof DayViewLinked>;

export const DayViewFacility = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isDeleted: Type.Boolean({ description: 'Deleted since; listed only on days it still has bookings' }),
  location: Type.String(),
  imageUrl: Type.String(),
  timezone: Type.String(),
  slotMinutes: Type.Integer(),
  /** Opening hours of this weekday; null when closed all day. */
  hours: DayHours,
  bookings: Type.Array(DayViewBooking),
  closures: Type.Array(DayViewClosure),
  waiting: Type.Array(DayViewWaiting, { description: 'Times customers wait for (the waitlist), with how many entries wait for each' }),
  linked: Type.Array(DayViewLinked, { description: 'Linked courts: time taken on its parent or its parts (not for sale here), earliest first' }),
});
export type DayViewFacility = Static<typeof DayViewFacility>;

export const DayView = Type.Object({
  date: Type.String(),
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday ... 6 = Saturday' }),
  today: Type.String({ description: 'Today in the venue\'s default time zone, for the "Today" button' }),
  facilities: Type.Array(DayViewFacility),
  deskRefunds: Type.Array(DeskRefundDto, { description: 'Desk money still to hand back for bookings on this date (cancelled ones included)' }),
});
export type DayView = Static<typeof DayView>;

export const DashboardStats = Type.Object({
  today: Type.String(),
  timezone: Type.String(),
  facilities: Type.Integer(),
  todayBookings: Type.Object({ total: Type.Integer(), confirmed: Type.Integer(), pending: Type.Integer(), amount: Type.Number() }),
  occupancy: Type.Object({ bookedMinutes: Type.Integer(), openMinutes: Type.Integer(), rate: Type.Number() }),
  upcoming: Type.Array(
    Type.Object({
      id: Type.String(),
      facility: Type.String(),
      facilityId: Type.String(),
      startTime: Type.String(),
      endTime: Type.String(),
      status: oneOf(ACTIVE_STATUSES),
      customer: Type.String(),
    }),
  ),
  revenue: Type.Object({
    total: Type.Number(),
    bookings: Type.Integer(),
    days: Type.Array(Type.Object({ date: Type.String(), amount: Type.Number(), bookings: Type.Integer() })),
  }),
  deskRefunds: Type.Array(DeskRefundDto, { description: 'To do: desk money still to hand back, oldest first' }),
});
export type DashboardStats = Static<typeof DashboardStats>;

/** A contact message as staff read it (`id` for react-admin, `_id` like every record). */
export const MessageDto = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  createdAt: Type.String(),
});
export type MessageDto = Static<typeof MessageDto>;

/** An outgoing email as staff read it: its text and HTML as sent. */
export const EmailDto = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  state: oneOf(OUTBOX_STATES),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
  text: Type.String(),
  html: Type.String(),
  attachments: Type.Array(Type.Object({
    filename: Type.String(),
    contentType: Type.String(),
    content: Type.String({ description: 'The text attached (an .ics), or with encoding base64 the bytes in base64 (an image)' }),
    encoding: Type.Optional(Type.Literal('base64')),
    cid: Type.Optional(Type.String({ description: 'The Content-ID the HTML shows it by (cid:): an inline image' })),
  })),
});
export type EmailDto = Static<typeof EmailDto>;

/** A closure as staff wrote it: local start and end (read on each facility's clock), reason and kind. */
export const ClosureDto = Type.Object({
  id: Type.String(),
  kind: oneOf(CLOSURE_KINDS),
  reason: Type.String(),
  start: Type.String({ description: 'Local to each facility: YYYY-MM-DDTHH:mm' }),
  end: Type.String({ description: 'Local to each facility: YYYY-MM-DDTHH:mm' }),
  facilityIds: Type.Array(Type.String()),
  facilities: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), timezone: Type.String(), startsAt: Type.String(), endsAt: Type.String() })),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ClosureDto = Static<typeof ClosureDto>;

/** A closure a facility's public page announces ("Closed 2-4 Dec: resurfacing"), in its local time. */
export const PublicClosureDto = Type.Object({
  startDate: Type.String(),
  startTime: Type.String(),
  endDate: Type.String(),
  endTime: Type.String(),
  reason: Type.String(),
  kind: oneOf(CLOSURE_KINDS),
});
export type PublicClosureDto = Static<typeof PublicClosureDto>;

/** A weekly series: what staff asked for, and its occurrences (ordinary bookings) with where each stands. */
export const SeriesDto = Type.Object({
  id: Type.String(),
  facilityId: Type.String(),
  facilityName: Type.String(),
  customer: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
  firstDate: Type.String(),
  lastDate: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  every: Type.Integer({ minimum: 1, maximum: 2, description: 'Weeks between occurrences' }),
  note: Nullable(Type.String()),
  createdAt: Type.String(),
  occurrences: Type.Array(Type.Object({
    bookingId: Type.String(),
    date: Type.String(),
    startTime: Type.String(),
    endTime: Type.String(),
    status: oneOf(BOOKING_STATUSES),
    paymentStatus: PaymentStatusSchema,
    payableAmount: Type.Number(),
  })),
  upcoming: Type.Integer({ description: 'Occurrences still to come that hold their time' }),
});
export type SeriesDto = Static<typeof SeriesDto>;

/** A series date as planned: free, or why not (taken, closed, outside the rules). */
export const SeriesDatePlan = Type.Object({
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  free: Type.Boolean(),
  reason: Nullable(Type.String()),
  price: Nullable(Type.Number({ description: "A free date's price for the series' customer (their tier's, where it prices the facility); null when it cannot be booked" })),
});
export type SeriesDatePlan = Static<typeof SeriesDatePlan>;

/** What the front desk quotes before booking: the price the server will record for this customer and time. */
export const DeskQuoteDto = Type.Object({
  price: Type.Number({ description: 'What the booking will cost this customer (their tier, the price rules, the length)' }),
  publicPrice: Type.Number({ description: 'What it costs without a tier' }),
  tier: Nullable(Type.String({ description: "The customer's tier, when it prices this facility now" })),
});
export type DeskQuoteDto = Static<typeof DeskQuoteDto>;

/** A series preview: each date as planned, and the tier its prices are in. */
export const SeriesPreviewDto = Type.Object({
  dates: Type.Array(SeriesDatePlan),
  tier: Nullable(Type.String({ description: "The customer's tier, when it prices this facility now" })),
});
export type SeriesPreviewDto = Static<typeof SeriesPreviewDto>;

// ---- Requests ----

/** Every back-office list (ra-data-simple-rest): sort, range and filter as JSON text; each resource says which filters it reads. */
export const ListQuery = Type.Object({
  sort: Type.Optional(Type.String({ maxLength: 200 })),
  range: Type.Optional(Type.String({ maxLength: 100 })),
  filter: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type ListQuery = Static<typeof ListQuery>;

/** GET /api/admin/day-view */
export const DayViewQuery = Type.Object({ date: Type.Optional(DateText) });
export type DayViewQuery = Static<typeof DayViewQuery>;

/** POST /api/contact: a message to the venue. */
export const ContactBody = Type.Object(
  {
    name: PersonName,
    email: Email,
    subject: Text(TEXT_LIMITS.subject),
    message: Text(TEXT_LIMITS.message, 'prose'),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

/** A local wall-clock moment, read in each facility's zone: YYYY-MM-DDTHH:mm (the domain checks the calendar). */
const LocalDateTimeText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$', description: 'Local to each facility: YYYY-MM-DDTHH:mm' });

/** POST and PUT /api/admin/closures */
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
export type ClosureBody = Static<typeof ClosureBody>;

/** POST /api/admin/series and /api/admin/series/preview: a weekly series at the front desk. */
export const SeriesBody = Type.Object(
  {
    facilityId: Id,
    firstDate: DateText,
    startTime: TimeText,
    endTime: TimeText,
    every: Type.Union([Type.Literal(1), Type.Literal(2)], { description: 'Every 1 or 2 weeks' }),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SERIES_OCCURRENCES, description: 'How many dates (or give until)' })),
    until: Type.Optional(DateText),
    ...CustomerChoiceFields,
    payment: Type.Union([Type.Literal('desk'), Type.Literal('unpaid')], { description: 'desk: every date paid now at the desk (one order); unpaid: confirmed, paid later' }),
    ...DeskPaymentMethodField,
    onConflict: Type.Union([Type.Literal('fail'), Type.Literal('skip')], { description: 'fail: one taken or closed date refuses the series (409 SERIES_CONFLICT with the dates); skip: book the free dates and list the others' }),
    note: Type.Optional(BookingNote),
  },
  { additionalProperties: false },
);
export type SeriesBody = Static<typeof SeriesBody>;

/** DELETE /api/admin/series/:id */
export const SeriesCancelQuery = Type.Object({
  from: Type.Optional(Type.Intersect([DateText], { description: 'Cancel the dates from this local date on (default: every one still to come)' })),
});
export type SeriesCancelQuery = Static<typeof SeriesCancelQuery>;
