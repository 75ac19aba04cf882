import type { ErrorCode } from '@courtside/domain';
import type { FreeSlotDto } from '@courtside/contracts';
import { getToken } from './session.ts';

/**
 * What a failed call means, for the code that decides what to do next: the server's `code`
 * (one of the domain's), or one of two the browser gives itself when no answer came at all.
 */
export type FailureCode = ErrorCode | 'UNREACHABLE' | 'TIMEOUT';

export const UNREACHABLE_MESSAGE = 'Could not reach the server. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer.';

/** A failed API call, carrying the server's own message (what the user should read) and code (what code should branch on). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: FailureCode;
  readonly fields: { path: string; message: string }[];
  /** What is free instead, when the refusal says so (a waitlist entry for time that is free: SLOT_FREE). */
  readonly freeSlots: FreeSlotDto[];
  constructor(status: number, code: FailureCode, message: string, fields: { path: string; message: string }[] = [], freeSlots: FreeSlotDto[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.freeSlots = freeSlots;
  }
}

/** The code of a failed call, or undefined for anything that is not an ApiError. */
export const failureCode = (err: unknown): FailureCode | undefined => (err instanceof ApiError ? err.code : undefined);

/** Failures that are ours, not the customer's: the server's words would not help them. */
const OUR_FAULT: ReadonlySet<FailureCode> = new Set<FailureCode>(['INTERNAL', 'DATABASE_UNAVAILABLE', 'PAYMENT_PROVIDER_UNREACHABLE']);

/**
 * The words a customer can act on, if the failure has any: the server's reason for a refusal
 * ("too late to cancel"), or that the server could not be reached. Undefined for our own faults
 * and for anything that is not an ApiError, where the caller says what failed in its own words.
 */
export function customerReason(err: unknown): string | undefined {
  return err instanceof ApiError && !OUR_FAULT.has(err.code) && err.message ? err.message : undefined;
}

/** True for the caller's own abort (a component unmounting, a newer request): nothing to report. */
export const isAbort = (err: unknown): boolean => err instanceof Error && err.name === 'AbortError';

export interface Envelope<T> {
  success: boolean;
  statusCode: number;
  message: string;
  data: T;
  token?: string;
}

export interface CallOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Whose token to send: the stored session's (the default), a given one, or none (null). */
  token?: string | null;
  /** Give up after this long with a TIMEOUT ApiError (a hung request must not spin forever). */
  timeoutMs?: number;
}

export interface ApiClientOptions {
  /**
   * Called when the server no longer accepts the stored session's token (UNAUTHENTICATED), before
   * the call rejects: the site signs out and goes to the login page, the back office its own way.
   * Not called for a token the caller gave, nor for calls without one (a wrong password).
   */
  onSessionEnded?: (error: ApiError) => void;
  /** Where relative paths point; the page's own origin when left out. */
  baseUrl?: string;
  /** Sent with every call (a server-side page's: the visitor it calls for). */
  headers?: Record<string, string>;
}

export type ApiCall = <T>(path: string, options?: CallOptions) => Promise<Envelope<T>>;

/** The JSON call, and a file the server sends only to a signed-in caller (a link cannot carry the token). */
export interface ApiClient extends ApiCall {
  /** The body as a Blob (an .ics, a CSV); failures are ApiErrors like any call's. */
  file: (path: string, options?: Omit<CallOptions, 'body'>) => Promise<Blob>;
}

type ErrorBody = { code?: string; message?: string; errorMessages?: { path: string; message: string }[]; freeSlots?: FreeSlotDto[] };

/** One way to call the API: JSON both ways, the bearer token, and every failure as an ApiError. */
export function createApiClient({ onSessionEnded, baseUrl, headers: given }: ApiClientOptions = {}): ApiClient {
  /** Sends the request; an answer that is not 2xx becomes the ApiError its envelope describes. */
  async function send(path: string, options: CallOptions, accept: string): Promise<Response> {
    const ownSession = options.token === undefined;
    const token = ownSession ? getToken() : options.token;
    const headers: Record<string, string> = { ...given, accept };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;

    const deadline = options.timeoutMs ? withTimeout(options.signal, options.timeoutMs) : undefined;
    let res: Response;
    try {
      res = await fetch(baseUrl ? new URL(path, baseUrl) : path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: deadline?.signal ?? options.signal,
      });
    } catch (err) {
      if (deadline?.timedOut()) throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
      if (isAbort(err)) throw err;
      throw new ApiError(0, 'UNREACHABLE', UNREACHABLE_MESSAGE);
    } finally {
      deadline?.clear();
    }
    if (res.ok) return res;
    const error = failureOf(res, (await res.json().catch(() => null)) as ErrorBody | null);
    if (error.code === 'UNAUTHENTICATED' && ownSession && token) onSessionEnded?.(error);
    throw error;
  }

  async function call<T>(path: string, options: CallOptions = {}): Promise<Envelope<T>> {
    const res = await send(path, options, 'application/json');
    const body = (await res.json().catch(() => null)) as Envelope<T> | null;
    if (!body) throw failureOf(res, null);
    return body;
  }

  return Object.assign(call, {
    file: async (path: string, options: Omit<CallOptions, 'body'> = {}) => (await send(path, options, '*/*')).blob(),
  });
}

function failureOf(res: Response, body: ErrorBody | null): ApiError {
  return new ApiError(res.status, (body?.code as ErrorCode | undefined) ?? 'INTERNAL', body?.message ?? `The server answered ${res.status}.`, body?.errorMessages ?? [], Array.isArray(body?.freeSlots) ? body.freeSlots : []);
}

/** The caller's signal and a deadline as one signal, and whether it was the deadline that fired. */
function withTimeout(outer: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const follow = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}
