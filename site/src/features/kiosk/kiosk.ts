import { doorBlockedWords } from '@courtside/domain';
import type { AccessCheckDto } from '@courtside/contracts';

/**
 * The door kiosk (/checkin): a tablet signed in as an access device. Its key stays in this
 * browser's storage; players type their six digits and read what the server decided (the
 * message comes from the domain's door words, the same a keypad with a screen shows).
 */

export const KEY_STORAGE = 'courtside.deviceKey';
export const CODE_LENGTH = 6;
/** How long an answer stays on screen before the kiosk is ready for the next player. */
export const SHOW_ANSWER_MS = 6_000;

export type KioskTone = 'welcome' | 'refused' | 'blocked' | 'signed-out' | 'error';
export interface KioskOutcome {
  tone: KioskTone;
  message: string;
}

export const SIGNED_OUT = 'This tablet is no longer signed in: its device key was revoked or is wrong. Please ask the staff.';
export const NOT_SIX_DIGITS = 'Please type the six digits of your code.';
export const CHECK_FAILED = 'The code could not be checked just now. Please try again, or ask the staff.';
export const BAD_KEY = 'That is not a device key. Copy the whole key (it starts with csd_) from the back office’s Devices.';
export const KEY_REFUSED = 'The server does not know this key (revoked, or mistyped). Make a new device in the back office.';

/** A key as the back office gives it: csd_ and 43 URL-safe base64 characters (32 random bytes). */
export const looksLikeDeviceKey = (text: string): boolean => /^csd_[A-Za-z0-9_-]{43}$/.test(text.trim());

/** The code with one more digit (a seventh is ignored). */
export const pressDigit = (code: string, digit: string): string => (/^[0-9]$/.test(digit) && code.length < CODE_LENGTH ? code + digit : code);
export const backspace = (code: string): string => code.slice(0, -1);

/** What an answer of POST /api/access/check means on the kiosk's screen. */
export function outcomeOf(status: number, body: unknown, retryAfter: string | null): KioskOutcome {
  if (status === 200 && body && typeof body === 'object' && 'allow' in body) {
    const answer = body as AccessCheckDto;
    return { tone: answer.allow ? 'welcome' : 'refused', message: answer.message };
  }
  if (status === 401) return { tone: 'signed-out', message: SIGNED_OUT };
  if (status === 429) return { tone: 'blocked', message: doorBlockedWords(Number(retryAfter) || 60) };
  if (status === 400) return { tone: 'refused', message: NOT_SIX_DIGITS };
  return { tone: 'error', message: CHECK_FAILED };
}

type Fetch = typeof fetch;

async function post(key: string, code: string, fetchImpl: Fetch): Promise<Response> {
  return fetchImpl('/api/access/check', {
    method: 'POST',
    headers: { authorization: `Bearer ${key.trim()}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ code }),
  });
}

/** Asks the server about a typed code. */
export async function checkAtDoor(key: string, code: string, fetchImpl: Fetch = fetch): Promise<KioskOutcome> {
  try {
    const res = await post(key, code, fetchImpl);
    const body: unknown = await res.json().catch(() => null);
    return outcomeOf(res.status, body, res.headers.get('retry-after'));
  } catch {
    return { tone: 'error', message: CHECK_FAILED };
  }
}

/**
 * Whether the server knows a key, without spending one of the device's guesses: the key is
 * checked before the code, and an empty code is refused (400) before it is counted.
 */
export async function verifyDeviceKey(key: string, fetchImpl: Fetch = fetch): Promise<'ok' | 'refused' | 'unreachable'> {
  try {
    const res = await post(key, '', fetchImpl);
    if (res.status === 401) return 'refused';
    return res.status === 400 ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
