import type { FacilityDto } from '@courtside/contracts';
import { fetchFacilities, type PageRequest } from '../../lib/api.server';

export const FEATURED_COUNT = 3;

/** A uniformly random sample of `count` items (partial Fisher–Yates), without changing `items`. */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = items.slice();
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    const picked = pool[j] as T;
    pool[j] = pool[i] as T;
    pool[i] = picked;
  }
  return pool.slice(0, n);
}

export type Featured =
  | { state: 'ok'; facilities: FacilityDto[] }
  | { state: 'empty' }
  | { state: 'error' };

/** Three facilities picked at random from the live list, fetched on every visit. */
export async function loadFeatured(page: PageRequest): Promise<Featured> {
  try {
    const all = await fetchFacilities(page);
    if (!all) return { state: 'error' };
    const live = all.filter((f) => !f.isDeleted);
    if (live.length === 0) return { state: 'empty' };
    return { state: 'ok', facilities: pickRandom(live, FEATURED_COUNT) };
  } catch {
    return { state: 'error' };
  }
}
