import { sql, type RawBuilder } from 'kysely';
import type { FacilityRow } from '@courtside/migrations';
import type { Sport } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { holdsTime } from './occupancy.ts';

/**
 * Facilities with their busy time: the reads behind free slots, the hottest reads of the
 * product. Each answers facility rows and their busy intervals in one round trip, however many
 * facilities: a correlated subquery per facility row, served by the changeover exclusion's
 * index (facility_id, blocked range) and the closures' (facility_id, range).
 */

/** Time a facility is not free: a booking (with its changeover) or a closure, on it or on a facility sharing its ground. */
export interface Busy {
  startsAt: Date;
  endsAt: Date;
  /** When a hold lapses, which frees its slot without any write; null for anything else. */
  holdExpiresAt: Date | null;
}

export interface FacilityWithBusy {
  facility: FacilityRow;
  busy: Busy[];
}

type BusyTuple = [number, number, number | null];

/**
 * Facility `f` and the facilities sharing its ground (linked courts: its parent, its parts), as
 * rows `g(id)`: courtside_linked_facilities written inline, because this read runs once per
 * facility row and a set-returning function call there cost more than the bookings' index scans
 * it leads to (measured: twice the time of the read over 100 facilities). Each row then reaches
 * its bookings through bookings_no_overlap, as before linked courts.
 */
const ground = sql`(SELECT f.id
    UNION ALL SELECT f.parent_id WHERE f.parent_id IS NOT NULL
    UNION ALL SELECT p.id FROM facilities p WHERE p.parent_id = f.id) AS g(id)`;

/**
 * The active intervals of facility `f` that touch [from, to), as a JSON array of [start ms, end
 * ms, hold lapses ms]: its own and those of the facilities sharing its ground (a booking on a
 * part takes its parent's time, and the other way round).
 */
function busyOf(from: Date, to: Date, now: Date): RawBuilder<BusyTuple[] | null> {
  return sql<BusyTuple[] | null>`(
    SELECT json_agg(busy.interval) FROM (
      SELECT json_build_array(
        extract(epoch FROM b.starts_at) * 1000,
        extract(epoch FROM b.ends_at) * 1000,
        -- A hold lapses at the earlier of its expiry and its start (domain holdLapsesAt).
        CASE WHEN b.status = 'pending' THEN extract(epoch FROM LEAST(b.hold_expires_at, b.starts_at)) * 1000 END) AS interval
      FROM ${ground} JOIN bookings b ON b.facility_id = g.id
      WHERE ${holdsTime('b', now)}
        AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(${from}, ${to}, '[)')
      UNION ALL
      -- Closed time is busy for good (no hold to lapse).
      SELECT json_build_array(
        extract(epoch FROM c.starts_at) * 1000,
        extract(epoch FROM c.ends_at) * 1000,
        NULL)
      FROM ${ground} JOIN closure_facilities c ON c.facility_id = g.id
      WHERE tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(${from}, ${to}, '[)')
    ) AS busy
  )`;
}

/** A row of facilities `f` with its `busy` column, as the two reads below select it. */
function withBusy(row: FacilityRow & { busy: BusyTuple[] | string | null }): FacilityWithBusy {
  const { busy: column, ...facility } = row;
  const busy = (typeof column === 'string' ? JSON.parse(column) : column) as BusyTuple[] | null;
  return {
    facility: facility as FacilityRow,
    busy: (busy ?? []).map(([s, e, h]) => ({
      startsAt: new Date(Number(s)),
      endsAt: new Date(Number(e)),
      holdExpiresAt: h === null ? null : new Date(Number(h)),
    })),
  };
}

/** A live facility and its busy intervals that touch [from, to). */
export async function findFacilityWithBusy(db: Executor, id: string, from: Date, to: Date, now: Date): Promise<FacilityWithBusy | undefined> {
  const result = await sql<FacilityRow & { busy: BusyTuple[] | null }>`
    SELECT f.*, ${busyOf(from, to, now)} AS busy
    FROM facilities f
    WHERE f.id = ${id} AND NOT f.is_deleted`.execute(db);
  const row = result.rows[0];
  return row && withBusy(row);
}

/** Every live facility (of `sport`, when given), by name, each with its busy intervals that touch [from, to): one statement. */
export async function listFacilitiesWithBusy(db: Executor, sport: Sport | undefined, from: Date, to: Date, now: Date): Promise<FacilityWithBusy[]> {
  const result = await sql<FacilityRow & { busy: BusyTuple[] | null }>`
    SELECT f.*, ${busyOf(from, to, now)} AS busy
    FROM facilities f
    WHERE NOT f.is_deleted ${sport === undefined ? sql`` : sql`AND f.sport = ${sport}`}
    ORDER BY lower(f.name), f.id`.execute(db);
  return result.rows.map(withBusy);
}
