import { DomainError, type ErrorKind } from '@courtside/domain';

const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export interface ErrorBody {
  success: false;
  statusCode: number;
  message: string;
  errorMessages: { path: string; message: string }[];
}

const body = (statusCode: number, message: string, path = ''): ErrorBody => ({
  success: false,
  statusCode,
  message,
  errorMessages: [{ path, message }],
});

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Names the field at fault from Ajv's report ("body.email must match format email"). */
function fromValidation(issues: ValidationIssue[], context: string | undefined): ErrorBody {
  const errorMessages = issues.map((issue) => {
    const missing = issue.params?.missingProperty as string | undefined;
    const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
    if (missing) segments.push(missing);
    const path = segments.join('.') || context || '';
    const where = [context, ...segments].filter(Boolean).join('.');
    const detail = missing ? 'is required' : (issue.message ?? 'is invalid');
    return { path, message: `${where || 'request'} ${detail}` };
  });
  return { success: false, statusCode: 400, message: errorMessages.map((e) => e.message).join('; '), errorMessages };
}

/** PostgreSQL failures that are the caller's fault, by SQLSTATE. */
const PG_CONFLICTS: Record<string, [number, string]> = {
  '23P01': [409, 'This time slot is already booked. Please choose another time.'],
  '23505': [409, 'This record already exists.'],
  '23503': [409, 'This record is still referenced, or refers to something that does not exist.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22001': [400, 'A value is too long.'],
  // A NUL character (\u0000) in text: PostgreSQL cannot store it.
  '22021': [400, 'A value contains a character that cannot be stored.'],
  '22003': [400, 'A number is out of range.'],
};

/**
 * The one place that turns any thrown error into the documented error envelope.
 * Server faults say only that something went wrong: no stack, no SQL.
 */
export function toErrorResponse(err: unknown): ErrorBody {
  if (err instanceof DomainError) return body(STATUS_OF[err.kind], err.message, err.path);
  const e = err as { statusCode?: number; code?: string; validation?: ValidationIssue[]; validationContext?: string; message?: string };
  if (e.validation) return fromValidation(e.validation, e.validationContext);
  if (typeof e.code === 'string' && PG_CONFLICTS[e.code]) {
    const [status, message] = PG_CONFLICTS[e.code]!;
    return body(status, message);
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return body(e.statusCode, e.message ?? 'Bad request');
  }
  return body(500, 'Something went wrong on our side. Please try again.');
}
