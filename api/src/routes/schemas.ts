import { Type } from 'typebox';
import { TEXT_LIMITS } from '@courtside/domain';
import { DateText, OpeningHours, TimeText } from '@courtside/contracts';
import { IMAGE_URL_FORMAT, TEXT_KEYWORD, type TextKind } from '../http/validation.ts';

/**
 * Request schemas shared by the routes (what the API validates and documents). The shapes of
 * answers are in @courtside/contracts.
 */

export const Id = Type.String({ format: 'uuid', description: 'Record id (UUID)' });
export const IdParams = Type.Object({ id: Id });

/**
 * Typed text (http/validation.ts applies the rule): trimmed before it is checked and stored,
 * refused when blank once trimmed, and for names and titles ('line') refused when it carries
 * text-direction controls. A message ('prose') may carry direction marks, as right-to-left writing can.
 */
const Text = (max: number, kind: TextKind = 'line') =>
  Type.String({
    minLength: 1,
    maxLength: max,
    [TEXT_KEYWORD]: kind,
    description: kind === 'line' ? 'Trimmed; not blank; no text-direction control characters' : 'Trimmed; not blank',
  });
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

const facilityFields = {
  name: Text(TEXT_LIMITS.facilityName),
  location: Text(TEXT_LIMITS.location),
  pricePerHour: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  description: Text(TEXT_LIMITS.description),
  imageUrl: Url,
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  openingHours: Type.Optional(OpeningHours),
  slotMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 240 })),
  maxBookingMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 1440 })),
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
export const RescheduleBody = Type.Object(
  { facility: Type.Optional(Id), date: Type.Optional(DateText), startTime: Type.Optional(TimeText), endTime: Type.Optional(TimeText) },
  { additionalProperties: false },
);
