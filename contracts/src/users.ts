import { Type, type Static } from 'typebox';
import { ROLES } from '@courtside/domain';
import { Nullable, oneOf } from './primitives.ts';

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
