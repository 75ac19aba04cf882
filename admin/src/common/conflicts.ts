import type { ErrorEnvelope } from '@courtside/contracts';
import { shortDate, timeRange } from './format.ts';

/** One thing in the way of a change: a booking under a closure, a taken or closed date of a series. */
export type Conflict = NonNullable<ErrorEnvelope['conflicts']>[number];

/**
 * The `conflicts` a refusal carries (CLOSURE_CONFLICT, SERIES_CONFLICT), read from the error
 * react-admin's HttpError keeps the envelope in; undefined when it carries none.
 */
export function conflictsOf(error: unknown): Conflict[] | undefined {
  const body = error && typeof error === 'object' && 'body' in error ? error.body : undefined;
  const list = body && typeof body === 'object' && 'conflicts' in body ? body.conflicts : undefined;
  return Array.isArray(list) && list.length > 0 ? (list as Conflict[]) : undefined;
}

/** "Tue, Mar 2 · 10:00–11:00": when a conflict is, on its facility's clock. */
export const conflictWhen = (c: Pick<Conflict, 'date' | 'startTime' | 'endTime'>) => `${shortDate(c.date)} · ${timeRange(c.startTime, c.endTime)}`;
