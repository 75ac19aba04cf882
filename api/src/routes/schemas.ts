import { Type } from 'typebox';

/** Wire schemas shared by the routes; the OpenAPI document is generated from them. */

export const Id = Type.String({ format: 'uuid', description: 'Record id (UUID)' });
export const IdParams = Type.Object({ id: Id });

const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Local date YYYY-MM-DD' });
export const TimeText = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Local wall-clock time HH:mm' });
export const Url = Type.String({ maxLength: 2048 });

/** Contact fields shared by accounts, profiles and checkout. */
export const PersonName = Text(100);
export const Phone = Text(40);
export const Address = Text(300);

export const User = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  photoUrl: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
});

export const AccountBody = Type.Object(
  {
    name: PersonName,
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    phone: Phone,
    address: Address,
    photoUrl: Type.Optional(Url),
  },
  { additionalProperties: false },
);

export const DayHours = Type.Union([Type.Object({ open: TimeText, close: TimeText }, { additionalProperties: false }), Type.Null()]);
export const OpeningHours = Type.Object(
  { sun: DayHours, mon: DayHours, tue: DayHours, wed: DayHours, thu: DayHours, fri: DayHours, sat: DayHours },
  { additionalProperties: false },
);

export const Facility = Type.Object({
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

const facilityFields = {
  name: Text(120),
  location: Text(200),
  pricePerHour: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  description: Text(4000),
  imageUrl: Url,
  timezone: Type.Optional(Text(64)),
  openingHours: Type.Optional(OpeningHours),
  slotMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 240 })),
  maxBookingMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 1440 })),
};
export const FacilityCreateBody = Type.Object(
  { ...facilityFields, imageUrl: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
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
    isDeleted: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const Slot = Type.Object({ startTime: Type.String(), endTime: Type.String() });

const BookingStatus = Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('cancelled'), Type.Literal('expired')]);
const PaymentStatus = Type.Union([Type.Literal('unpaid'), Type.Literal('paid'), Type.Literal('refunded')]);
export const Booking = Type.Object({
  _id: Type.String(),
  facility: Type.Object({ _id: Type.String(), name: Type.String(), location: Type.String(), pricePerHour: Type.Number(), timezone: Type.String() }),
  user: Type.Object({ _id: Type.String(), name: Type.String(), email: Type.String() }),
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  payableAmount: Type.Number(),
  status: BookingStatus,
  paymentStatus: PaymentStatus,
  holdExpiresAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  refundedAmount: Type.Number(),
  refundState: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('refunded'), Type.Literal('failed')]),
  cancellable: Type.Boolean({ description: 'Whether its customer may cancel it now (the cancellation policy)' }),
  cancellableUntil: Type.Union([Type.String(), Type.Null()], {
    description: 'Free cancellation deadline (ISO instant): start minus CANCELLATION_HOURS; a pending hold shows the one it gets once paid; null once over',
  }),
});
export const BookingStatusSchema = BookingStatus;
export const PaymentStatusSchema = PaymentStatus;

export const BookingBody = Type.Object(
  { facility: Id, date: DateText, startTime: TimeText, endTime: TimeText },
  { additionalProperties: false },
);
export const RescheduleBody = Type.Object(
  { facility: Type.Optional(Id), date: Type.Optional(DateText), startTime: Type.Optional(TimeText), endTime: Type.Optional(TimeText) },
  { additionalProperties: false },
);

export const Message = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  createdAt: Type.String(),
});
