import { ErrorEnvelope } from '@courtside/contracts';

export { ErrorEnvelope, envelopeOf, tokenEnvelopeOf } from '@courtside/contracts';

/** The documented success envelope: `{ success, statusCode, message, data }`. */
export function ok<T>(statusCode: number, message: string, data: T) {
  return { success: true as const, statusCode, message, data };
}

/** The success envelope with a bearer token for the caller (tokenEnvelopeOf). */
export function okWithToken<T>(message: string, token: string, data: T) {
  return { success: true as const, statusCode: 200, message, token, data };
}

/**
 * Error responses every route may give, for the OpenAPI document. 413 and 415 come from
 * Fastify's body parsing (a body past BODY_LIMIT_BYTES, a content type we do not read).
 */
export const errorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  429: ErrorEnvelope,
};
