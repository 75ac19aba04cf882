import { expect } from 'vitest';

/** What the tests read of an injected answer. */
export interface Res {
  statusCode: number;
  body: string;
  json(): { code?: string; message?: string; errorMessages?: { path: string; message: string }[]; data?: unknown };
}

/** A 400 that names `field` (and says `code`). */
export function refused(res: Res, field: string, code?: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json().errorMessages ?? []).map((e) => e.path), res.body).toContain(field);
  if (code) expect(res.json().code, res.body).toBe(code);
}

/** Polls until `check` passes: a change made through another process arrives as a notification. */
export async function eventually(check: () => Promise<void>, timeoutMs = 3_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
