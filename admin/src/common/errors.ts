import type { ErrorCode } from '@courtside/domain';

/**
 * What the back office decides from a failed API call: the envelope's stable `code`
 * ("FACILITY_HAS_BOOKINGS", "SLOT_TAKEN"), never its status, field path or wording.
 * react-admin's HttpError (and the dataProvider's httpClient) carry the parsed envelope as `body`.
 */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!error || typeof error !== 'object' || !('body' in error)) return undefined;
  const { body } = error;
  if (!body || typeof body !== 'object' || !('code' in body)) return undefined;
  // The API's contract: every error envelope carries one of the domain's codes.
  return typeof body.code === 'string' ? (body.code as ErrorCode) : undefined;
}

/** The envelope's message (the API's own words), when there is one. */
export function errorMessage(error: unknown): string | undefined {
  const body = error && typeof error === 'object' && 'body' in error ? error.body : undefined;
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
}
