import { hasParts, linkConflict, linkRefusal, linkRefused, linkedCause, localTimes, type Conflict } from '@courtside/domain';
import type { FacilityRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import * as links from '../repositories/facility-links.ts';
import { lockFacilitySchedules } from '../repositories/occupancy.ts';
import type { LinkConflictRow } from '../repositories/facility-links.ts';

/**
 * Linked courts, the facility side: making a facility part of another, unlinking it, deleting a
 * parent. Each runs inside the facility change's transaction, under the schedule locks of both
 * grounds (every writer of either one's time queues behind them), so what it checks stays true
 * until it commits. The booking side is PostgreSQL's (sql/courtside_booking_ground_free.sql).
 */

/** Checks that a new facility may be part of `parentId` (one level), under the parent's ground lock. */
export async function checkNewLink(trx: Executor, parentId: string): Promise<void> {
  await lockFacilitySchedules(trx, [parentId]);
  const refusal = linkRefusal(null, parentId, await links.linkNodes(trx, [parentId]));
  if (refusal) throw linkRefused(refusal);
}

/**
 * Checks that `facility` may become part of `parentId` (null: of nothing): the one-level rule,
 * and no upcoming booking of either overlapping time taken on the other (409 LINK_CONFLICT with
 * the list). Unlinking frees time and is always allowed. The caller holds both grounds' schedule
 * locks, taken in ground order before anything else (updateFacility).
 */
export async function checkRelink(trx: Executor, facility: FacilityRow, parentId: string | null, now: Date): Promise<void> {
  if (parentId === null || parentId === facility.parent_id) return;
  const nodes = await links.linkNodes(trx, [facility.id, parentId]);
  const refusal = linkRefusal(facility.id, parentId, nodes);
  if (refusal) throw linkRefused(refusal);
  const conflicts = await links.linkConflicts(trx, facility.id, parentId, now);
  if (conflicts.length > 0) throw linkConflict(nodes.find((n) => n.id === parentId)!.name, conflictsOf(conflicts));
}

/** Refuses to delete a facility that still has live parts; a deleted part is unlinked. */
export async function checkDelete(trx: Executor, facility: FacilityRow, now: Date): Promise<void> {
  const parts = (await links.linkNodes(trx, [facility.id])).filter((n) => n.parentId === facility.id && !n.isDeleted);
  if (parts.length > 0) throw hasParts(parts.map((p) => p.name));
  if (facility.parent_id !== null) await links.unlink(trx, facility.id, now);
}

/**
 * The bookings in the way of a link, as staff read them: each once, on its facility's clock, with
 * what it overlaps on the other facility ("Meadow Lane Pitch booked then; Meadow Lane Pitch closed then").
 */
function conflictsOf(rows: LinkConflictRow[]): Conflict[] {
  const byBooking = new Map<string, Conflict>();
  for (const row of rows) {
    const cause = `${linkedCause(row.other_kind, row.other_name)} then`;
    const listed = byBooking.get(row.booking_id);
    if (listed) {
      if (!listed.reason.split('; ').includes(cause)) listed.reason += `; ${cause}`;
      continue;
    }
    const own = localTimes(row.starts_at, row.ends_at, row.timezone);
    byBooking.set(row.booking_id, {
      facilityId: row.facility_id,
      facilityName: row.facility_name,
      date: own.date,
      startTime: own.startTime,
      endTime: own.endTime,
      bookingId: row.booking_id,
      customer: row.customer,
      reason: cause,
    });
  }
  return [...byBooking.values()];
}
