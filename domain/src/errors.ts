/** What kind of failure a rule reports; the API maps each kind to one HTTP status. */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  // A service we depend on (a payment provider) could not be reached: try again later.
  | 'unavailable';

/** A broken business rule, with a stable code clients and tests can rely on. */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  /** The request field at fault, when there is one. */
  readonly path: string | undefined;

  constructor(kind: ErrorKind, code: string, message: string, path?: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.path = path;
  }
}

export const invalid = (code: string, message: string, path?: string) =>
  new DomainError('invalid', code, message, path);
