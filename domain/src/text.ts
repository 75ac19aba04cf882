/**
 * What people may type into names, titles and addresses, and which emails and image addresses
 * the product accepts. Pure rules: the API's request schemas apply them to every route, and the
 * site and back office may check the same before sending.
 */

/**
 * Characters that reorder the text displayed around them: embeddings and overrides
 * (U+202A-202E), isolates (U+2066-2069) and the direction marks (U+200E, U+200F). In a name
 * they make "Alice \u202Egnp.exe" display as "Alice exe.png".
 */
const BIDI_CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Nothing but spaces and invisible formatting characters (zero-width spaces, direction marks). */
const BLANK = /^[\s\p{Cf}]*$/u;

export const hasBidiControl = (text: string): boolean => BIDI_CONTROL.test(text);

/**
 * C0 and C1 control characters (U+0000-001F, U+007F-009F): CR and LF start new lines in a
 * plain-text email (a name forging lines of a staff notice), ESC and CSI drive terminals, BEL
 * rings. One-line text takes none of them, tab included; multi-line text takes only line
 * breaks (CR, LF) and tab.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAK_OR_TAB = /(?![\t\n\r])\p{Cc}/u;
/** Half of a UTF-16 surrogate pair without its other half: no character at all, and mangled by every encoder. */
const LONE_SURROGATE = /\p{Cs}/u;

export const isOneLine = (text: string): boolean => !CONTROL_CHARACTER.test(text);
export const hasStrayControl = (text: string): boolean => CONTROL_BUT_LINE_BREAK_OR_TAB.test(text);
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);
export const isBlank = (text: string): boolean => BLANK.test(text);

/**
 * An address a mail program takes as one recipient and nothing else, even pasted unencoded
 * into a `mailto:` link: a dot-separated local part of letters, digits and
 * ! $ ' * + / = ^ _ ` { | } ~ - (never ? & % , ; < > " # spaces or controls, which start a
 * query, an escape, another recipient or a fragment), then a domain of at least two labels
 * whose last is a real top-level name. Case-insensitive.
 */
const EMAIL = /^[a-z0-9!$'*+/=^_`{|}~-]+(?:\.[a-z0-9!$'*+/=^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;
export const EMAIL_MAX_LENGTH = 254;

/**
 * The longest text each field takes, as the API's request schemas enforce them; forms use the
 * same numbers so a visitor can never type more than the server accepts.
 */
export const TEXT_LIMITS = {
  personName: 100,
  facilityName: 120,
  location: 200,
  description: 4000,
  phone: 40,
  address: 300,
  subject: 200,
  message: 5000,
  closureReason: 200,
  bookingNote: 500,
  staffNote: 2000,
  imageUrl: 2048,
  email: EMAIL_MAX_LENGTH,
  /** Signing in takes any password up to this (the policy's own maximum is for new ones). */
  signInPassword: 1024,
} as const;

export function isSaneEmail(text: string): boolean {
  const at = text.lastIndexOf('@');
  return text.length <= EMAIL_MAX_LENGTH && at > 0 && at <= 64 && EMAIL.test(text);
}

/**
 * An image address a page may show: an https: URL, or a path on this site ("/images/x.svg").
 * Never another scheme (javascript:, data:, http:), never protocol-relative ("//evil.example"
 * or "/\evil.example", which browsers read as another host), no spaces, backslashes, controls
 * or direction marks.
 */
const HTTPS_URL = /^https:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#][^\s\\]*)?$/i;
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

export function isImageUrl(text: string): boolean {
  return isOneLine(text) && !hasBidiControl(text) && (HTTPS_URL.test(text) || SITE_PATH.test(text));
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML content and attribute values: the mail the API sends, its hosted
 * payment page and the site's server-rendered and in-page HTML all escape with this one.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
