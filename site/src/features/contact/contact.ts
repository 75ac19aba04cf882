// Contact form fields and checks shared by the browser script and the server fallback.
import { TEXT_LIMITS } from '@courtside/domain';
import { customerReason, type ApiCall } from '@courtside/browser';
import type { ContactBody } from '@courtside/contracts';


export const FIELDS = ['name', 'email', 'subject', 'message'] as const;

export const LIMITS: Record<keyof ContactBody, number> = { name: TEXT_LIMITS.personName, email: TEXT_LIMITS.email, subject: TEXT_LIMITS.subject, message: TEXT_LIMITS.message };

export const MISSING = 'Please fill in your name, email, subject and message.';

/** Trimmed values from a submitted form; missing fields become empty strings. */
export function readForm(data: FormData): ContactBody {
  const get = (k: string) => String(data.get(k) ?? '').trim();
  return { name: get('name'), email: get('email'), subject: get('subject'), message: get('message') };
}

export function isComplete(input: ContactBody): boolean {
  return FIELDS.every((k) => input[k].length > 0);
}

export type ContactResult = { ok: true; message: string } | { ok: false; message: string };

const SENT = 'Thank you! Your message has been sent.';
const NOT_SENT = 'Your message could not be sent. Please try again.';

/**
 * Sends the message through an API client (the browser's, or the page's own on the server for
 * the no-JavaScript path) and says how it went in the visitor's words.
 */
export async function sendContact(call: ApiCall, input: ContactBody): Promise<ContactResult> {
  try {
    const res = await call('/api/contact', { method: 'POST', body: input, token: null });
    return { ok: true, message: res.message || SENT };
  } catch (err) {
    return { ok: false, message: customerReason(err) ?? NOT_SENT };
  }
}
