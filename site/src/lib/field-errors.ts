import { ApiError } from './api.ts';

/**
 * The server's field errors keyed by the form's own field names: a validation error names
 * "/body/name" or "name", a refusal of the domain its field ("currentPassword"). Errors for
 * fields the form does not have are left to the form's message line.
 */
export function fieldErrorsOf<K extends string>(err: unknown, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  if (!(err instanceof ApiError)) return out;
  for (const f of err.fields) {
    const key = f.path.replace(/^\/?(body\/)?/, '').split(/[/.]/)[0] as K;
    if (keys.includes(key) && out[key] === undefined) out[key] = f.message;
  }
  return out;
}
