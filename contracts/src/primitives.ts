import { Type, type Static, type TEnum, type TSchema } from 'typebox';
import { DATE_PATTERN, FIRST_DATE, LAST_DATE, MAX_PRICE, TEXT_LIMITS } from '@courtside/domain';

/** One of a domain constant's values (`BOOKING_STATUSES`, `ROLES`...), so the list is never spelled out again. */
export const oneOf = <const Values extends readonly string[]>(values: Values, description?: string): TEnum<[...Values]> =>
  // Type.Enum widens a generic tuple to string[]; the values are exactly Values.
  Type.Enum(values, description ? { description } : {}) as TEnum<[...Values]>;

export const Nullable = <T extends TSchema>(type: T, description?: string) =>
  Type.Union([type, Type.Null()], description ? { description } : {});

export const DateText = Type.String({ pattern: DATE_PATTERN, description: `Local date YYYY-MM-DD, ${FIRST_DATE} to ${LAST_DATE}` });
export const TimeText = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Local wall-clock time HH:mm' });

/** A sum of money in major units (dollars, euros: CURRENCY), from 0 to MAX_PRICE; the domain refuses fractions of a cent. */
export const Price = (description?: string) => Type.Number({ minimum: 0, maximum: MAX_PRICE, ...(description ? { description } : {}) });

export const Id = Type.String({ format: 'uuid', description: 'Record id (UUID)' });
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/**
 * The keyword free-text fields carry (the API's validator applies the rule): `'line'` (names,
 * titles, places: one line), `'paragraphs'` (several lines the site shows as the venue's own
 * words: a facility's description) or `'prose'` (several lines in the writer's own script: a
 * message, a note).
 */
export const TEXT_KEYWORD = 'x-text';
export type TextKind = 'line' | 'paragraphs' | 'prose';
/** The format of photo and image addresses (an https: URL or a path on this site). */
export const IMAGE_URL_FORMAT = 'https-url-or-site-path';

/**
 * Typed text, every free-text field of every request: trimmed before it is checked and stored,
 * refused when blank once trimmed or when it carries an unpaired surrogate. Names, titles and
 * places ('line') are one line: no control character (CR, LF, tab, ESC, BEL, C1...) and no
 * text-direction control. A description ('paragraphs') keeps its line breaks and tabs and
 * refuses other controls, direction ones included. A message or a note ('prose') likewise, but
 * may carry direction marks, as right-to-left writing can.
 */
const TEXT_RULES: Record<TextKind, string> = {
  line: 'Trimmed; not blank; one line: no control characters, text-direction controls or unpaired surrogates',
  paragraphs: 'Trimmed; not blank; line breaks and tabs kept; no other control characters, text-direction controls or unpaired surrogates',
  prose: 'Trimmed; not blank; line breaks and tabs kept; no other control characters or unpaired surrogates',
};
export const Text = (max: number, kind: TextKind = 'line') => Type.String({ minLength: 1, maxLength: max, [TEXT_KEYWORD]: kind, description: TEXT_RULES[kind] });

/** An address for new accounts and messages: one that is safe in a mailto: link (domain isSaneEmail). */
export const Email = Type.String({ format: 'email', maxLength: TEXT_LIMITS.email });
/** Signing in takes any address of bounded length: accounts made before the stricter rule still sign in. */
export const SignInEmail = Type.String({ minLength: 1, maxLength: TEXT_LIMITS.email });
/** A photo or image address: an https: URL or a path on this site (/images/...); never javascript:, data:, http: or //host. */
const imageUrl = (minLength: number, note = '') =>
  Type.String({ format: IMAGE_URL_FORMAT, minLength, maxLength: TEXT_LIMITS.imageUrl, description: `An https: URL or a path on this site such as /images/avatar.svg${note}` });
export const ImageUrl = imageUrl(1);
/** A photo at sign-up or account creation, where empty means none given. */
export const NewPhotoUrl = imageUrl(0, '; empty or left out: the default avatar');
/** A password as typed: any text up to the bound (the domain's policy judges new ones). */
export const Password = Type.String({ minLength: 1, maxLength: TEXT_LIMITS.signInPassword });
/** A password field the service judges itself (empty included: "the current password is wrong"). */
export const PasswordText = Type.String({ maxLength: TEXT_LIMITS.signInPassword });

/** Contact fields shared by accounts, profiles, messages and the front desk's guests. */
export const PersonName = Text(TEXT_LIMITS.personName);
export const Phone = Text(TEXT_LIMITS.phone);
export const Address = Text(TEXT_LIMITS.address);
