import { Type, type Static } from 'typebox';
import { LEGACY_ADMIN_ROLE, ROLES } from '@courtside/domain';
import { Address, Email, Id, ImageUrl, NewPhotoUrl, Nullable, Password, PasswordText, PersonName, Phone, SignInEmail, oneOf } from './primitives.ts';

export const RoleSchema = oneOf(ROLES);

export const UserDto = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  photoUrl: Type.String(),
  role: RoleSchema,
  emailReminders: Type.Boolean({ description: 'Whether the customer is emailed a reminder before each booking' }),
});
export type UserDto = Static<typeof UserDto>;

/** A user as the back office reads it (/api/admin/users): with the customer tier staff assign. */
export const AdminUserDto = Type.Object({
  ...UserDto.properties,
  tierId: Nullable(Type.String(), "The customer's tier (what they are charged); null: public prices"),
  tierExpiresAt: Nullable(Type.String(), 'When the tier stops counting (ISO date-time); null: never'),
});
export type AdminUserDto = Static<typeof AdminUserDto>;

/** The secret link of a customer's calendar feed. */
export const CalendarLinkDto = Type.Object({
  url: Type.String({ description: 'The feed over https (download)' }),
  webcal: Type.String({ description: 'The same feed as webcal:// (subscribe in Google, Apple or Outlook calendars)' }),
});
export type CalendarLinkDto = Static<typeof CalendarLinkDto>;

// ---- Requests ----

/** POST /api/auth/signup and POST /api/users/admin: a new account (the photo empty or left out: the default avatar). */
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
export type AccountBody = Static<typeof AccountBody>;

/** POST /api/auth/login */
export const SignInBody = Type.Object({ email: SignInEmail, password: Password }, { additionalProperties: false });
export type SignInBody = Static<typeof SignInBody>;

/** The profile fields a customer edits, and staff on their record: a field left out is kept. */
const profileFields = {
  name: Type.Optional(PersonName),
  phone: Type.Optional(Phone),
  address: Type.Optional(Address),
  photoUrl: Type.Optional(ImageUrl),
};

/** PUT /api/auth/me: the profile, email reminders, and optionally a new password (with the current one). */
export const ProfileBody = Type.Object(
  {
    ...profileFields,
    emailReminders: Type.Optional(Type.Boolean({ description: 'Email me a reminder before each booking' })),
    currentPassword: Type.Optional(PasswordText),
    newPassword: Type.Optional(PasswordText),
  },
  { additionalProperties: false },
);
export type ProfileBody = Static<typeof ProfileBody>;

/** POST /api/auth/forgot-password */
export const ForgotPasswordBody = Type.Object({ email: SignInEmail }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

/** POST /api/auth/reset-password: the emailed token and the new password. */
export const ResetPasswordBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: PasswordText }, { additionalProperties: false });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** POST /api/auth/change-password */
export const ChangePasswordBody = Type.Object({ currentPassword: PasswordText, newPassword: PasswordText }, { additionalProperties: false });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** PUT /api/users/:id/role: one of the roles, or the original product's `admin` (an owner). */
export const RoleBody = Type.Object({ role: oneOf([...ROLES, LEGACY_ADMIN_ROLE] as const, "user, desk, manager or owner ('admin', the original product's role, means owner)") }, { additionalProperties: false });
export type RoleBody = Static<typeof RoleBody>;

/** POST /api/admin/users: an account (a customer when role is left out; any other role is an owner's to give). */
export const StaffAccountBody = Type.Object({ ...AccountBody.properties, role: Type.Optional(RoleSchema) }, { additionalProperties: false });
export type StaffAccountBody = Static<typeof StaffAccountBody>;

/** A customer's tier as staff set it on their record. */
export const TierAssignmentFields = {
  tierId: Type.Optional(Nullable(Id, "The customer's tier (GET /api/admin/tiers); null: none, public prices")),
  tierExpiresAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }), 'When the tier stops counting (ISO date-time); null: never')),
};

/** PUT /api/admin/users/:id: the profile, the role and the tier (react-admin sends the record; a field left out is kept). */
export const StaffUserUpdateBody = Type.Object({ ...profileFields, role: Type.Optional(RoleSchema), ...TierAssignmentFields }, { additionalProperties: false });
export type StaffUserUpdateBody = Static<typeof StaffUserUpdateBody>;

/** GET /api/calendar/:file: the secret feed's file name, as the calendar link gives it. */
export const CalendarFileParams = Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}\\.ics$' }) });
export type CalendarFileParams = Static<typeof CalendarFileParams>;
