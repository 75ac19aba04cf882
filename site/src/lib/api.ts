import { clearSession, getToken, loginUrlFor } from './session.ts';

/** A failed API call, carrying the server's own message (what the user should read). */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: { path: string; message: string }[];
  constructor(status: number, message: string, fields: { path: string; message: string }[] = []) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

export interface Envelope<T> {
  success: boolean;
  statusCode: number;
  message: string;
  data: T;
  token?: string;
}

/**
 * Calls the API with the stored token. An expired or revoked session signs out cleanly
 * and sends the browser to the login page; every other failure becomes an ApiError.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<Envelope<T>> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Could not reach the server. Please check your connection and try again.');
  }
  const body = (await res.json().catch(() => null)) as (Envelope<T> & { errorMessages?: { path: string; message: string }[] }) | null;
  if (res.status === 401 && token) {
    clearSession();
    window.location.assign(loginUrlFor(window.location.pathname + window.location.search));
  }
  if (!res.ok || !body) {
    throw new ApiError(res.status, body?.message ?? `The server answered ${res.status}.`, body?.errorMessages ?? []);
  }
  return body;
}
