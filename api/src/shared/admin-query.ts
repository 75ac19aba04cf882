import { DomainError } from '@courtside/domain';
import type { PageQuery } from '../repositories/listing.ts';

/** The list query ra-data-simple-rest sends: sort, range and filter, each as JSON text. */
export interface ListParams {
  sort?: string;
  range?: string;
  filter?: string;
}

const bad = (param: string, message: string) => new DomainError('invalid', 'BAD_LIST_QUERY', `${param} ${message}`, param);

function parseJson(param: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw bad(param, 'must be JSON');
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Turns the query into a page over whitelisted columns and a plain filter object.
 * `sortable` maps the record's field names to SQL columns; anything else is refused.
 */
export function parseListParams(params: ListParams, sortable: Record<string, string>, defaultSort: [string, 'ASC' | 'DESC']) {
  const sort = parseJson('sort', params.sort) ?? defaultSort;
  if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
    throw bad('sort', 'must look like ["field","ASC"]');
  }
  // Own keys only: "constructor" or "toString" must not reach the SQL builder as a column.
  const column = Object.hasOwn(sortable, sort[0]) ? sortable[sort[0]] : undefined;
  if (!column) throw bad('sort', `cannot sort by "${sort[0]}" (one of: ${Object.keys(sortable).join(', ')})`);

  const range = parseJson('range', params.range) ?? [0, 24];
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
    throw bad('range', 'must look like [0,24]');
  }
  const [start, end] = range as [number, number];
  const limit = Math.min(end - start + 1, 500);

  const filter = parseJson('filter', params.filter) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw bad('filter', 'must be a JSON object');
  const f = filter as Record<string, unknown>;
  let ids: string[] | undefined;
  if (f.id !== undefined) {
    const list = Array.isArray(f.id) ? f.id : [f.id];
    if (!list.every((v) => typeof v === 'string' && UUID.test(v))) throw bad('filter.id', 'must be record ids');
    ids = list as string[];
  }
  const page: PageQuery = { sortColumn: column, sortOrder: String(sort[1]).toUpperCase() === 'ASC' ? 'asc' : 'desc', offset: start, limit };
  return { page, filter: f, ids };
}

export function stringFilter(f: Record<string, unknown>, key: string): string | undefined {
  const v = f[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw bad(`filter.${key}`, 'must be text');
  return v.slice(0, 200);
}

export function uuidFilter(f: Record<string, unknown>, key: string): string | undefined {
  const v = stringFilter(f, key);
  if (v !== undefined && !UUID.test(v)) throw bad(`filter.${key}`, 'must be a record id');
  return v;
}

export function numberFilter(f: Record<string, unknown>, key: string): number | undefined {
  const v = f[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw bad(`filter.${key}`, 'must be a number');
  return n;
}

export function enumFilter<T extends string>(f: Record<string, unknown>, key: string, allowed: readonly T[]): T[] | undefined {
  const v = f[key];
  if (v === undefined || v === null || v === '') return undefined;
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((x) => allowed.includes(x as T))) throw bad(`filter.${key}`, `must be one of ${allowed.join(', ')}`);
  return list as T[];
}
