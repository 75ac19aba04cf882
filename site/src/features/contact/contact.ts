// Contact form fields and checks shared by the browser script and the server fallback.

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export const FIELDS = ['name', 'email', 'subject', 'message'] as const;

export const LIMITS: Record<keyof ContactInput, number> = { name: 100, email: 254, subject: 200, message: 5000 };

export const MISSING = 'Please fill in your name, email, subject and message.';
export const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/** Trimmed values from a submitted form; missing fields become empty strings. */
export function readForm(data: FormData): ContactInput {
  const get = (k: string) => String(data.get(k) ?? '').trim();
  return { name: get('name'), email: get('email'), subject: get('subject'), message: get('message') };
}

export function isComplete(input: ContactInput): boolean {
  return FIELDS.every((k) => input[k].length > 0);
}

export type ContactResult = { ok: true; message: string } | { ok: false; message: string };

/** What the API answered, reduced to the message the visitor should read. */
export async function toResult(res: Response): Promise<ContactResult> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (res.ok) return { ok: true, message: body?.message ?? 'Thank you! Your message has been sent.' };
  return { ok: false, message: body?.message ?? `The server answered ${res.status}. Please try again.` };
}
