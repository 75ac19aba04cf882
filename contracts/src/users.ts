import { Type, type Static } from 'typebox';
import { ROLES } from '@courtside/domain';
import { oneOf } from './primitives.ts';

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

/** The secret link of a customer's calendar feed. */
export const CalendarLinkDto = Type.Object({
  url: Type.String({ description: 'The feed over https (download)' }),
  webcal: Type.String({ description: 'The same feed as webcal:// (subscribe in Google, Apple or Outlook calendars)' }),
});
export type CalendarLinkDto = Static<typeof CalendarLinkDto>;
