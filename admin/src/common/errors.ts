/**
 * What the back office decides from a failed API call: the envelope's stable `code`
 * ("FACILITY_HAS_BOOKINGS", "SLOT_TAKEN"), never its status, field path or wording.
 * react-admin's HttpError (and the dataProvider's httpClient) carry the parsed envelope as `body`.
 */
export function errorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('body' in error)) return undefined;
  const { body } = error;
  if (!body || typeof body !== 'object' || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code : undefined;
}

/** The envelope's message (the API's own words), when there is one. */
export function errorMessage(error: unknown): string | undefined {
  const body = error && typeof error === 'object' && 'body' in error ? error.body : undefined;
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
}
