import { Type, type TEnum, type TSchema } from 'typebox';
import { FIRST_DATE, LAST_DATE } from '@courtside/domain';

/** One of a domain constant's values (`BOOKING_STATUSES`, `ROLES`...), so the list is never spelled out again. */
export const oneOf = <const Values extends readonly string[]>(values: Values, description?: string): TEnum<[...Values]> =>
  // Type.Enum widens a generic tuple to string[]; the values are exactly Values.
  Type.Enum(values, description ? { description } : {}) as TEnum<[...Values]>;

export const Nullable = <T extends TSchema>(type: T, description?: string) =>
  Type.Union([type, Type.Null()], description ? { description } : {});

export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `Local date YYYY-MM-DD, ${FIRST_DATE} to ${LAST_DATE}` });
export const TimeText = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Local wall-clock time HH:mm' });
