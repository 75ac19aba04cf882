import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '@courtside/domain';

/** The documented success envelope: `{ success, statusCode, message, data }`. */
export function ok<T>(statusCode: number, message: string, data: T) {
  return { success: true as const, statusCode, message, data };
}

export function envelopeOf<T extends TSchema>(data: T) {
  return Type.Object({
    success: Type.Literal(true),
    statusCode: Type.Integer(),
    message: Type.String(),
    data,
  });
}

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  statusCode: Type.Integer(),
  code: Type.Enum(ERROR_CODES, { description: 'Stable machine-readable reason; branch on this, not on the message' }),
  message: Type.String(),
  errorMessages: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })),
});

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
