import { parentChoices } from '@courtside/domain';
import type { Conflict } from '../common/conflicts.ts';
import { conflictsOf } from '../common/conflicts.ts';
import { errorCode, errorMessage } from '../common/errors.ts';
import type { FacilityRecord } from './types.ts';

/** The "Part of" select's words. */
export const NOT_PART = 'Nothing (a facility of its own)';
export const PART_OF_HELP = "A part shares its parent's time: booking the whole takes every part; parts do not block each other.";
export const HAS_PARTS_HELP = 'It has parts, so it cannot be part of another facility.';

type LinkRecord = Pick<FacilityRecord, 'id' | 'name' | 'parentId' | 'isDeleted'>;

/**
 * What `facilityId` (null: a new facility) may be part of, by name: the domain's rule over the
 * facilities staff see. Its current parent stays offered while the list loads, so the select
 * shows what is saved.
 */
export function partOfChoices(facilityId: string | null, facilities: readonly LinkRecord[], current: { _id: string; name: string } | null): { id: string; name: string }[] {
  const choices = parentChoices(facilityId, facilities).map((f) => ({ id: f.id, name: f.name }));
  if (current && !choices.some((c) => c.id === current._id)) choices.unshift({ id: current._id, name: current.name });
  return choices;
}

/** A link the API refused because upcoming bookings would overlap (LINK_CONFLICT): its words and what is in the way. */
export interface LinkConflict {
  message: string;
  conflicts: Conflict[];
}

export function linkConflictOf(error: unknown): LinkConflict | undefined {
  if (errorCode(error) !== 'LINK_CONFLICT') return undefined;
  const conflicts = conflictsOf(error);
  if (!conflicts) return undefined;
  // The reason says what the booking overlaps on the other facility ("Court 2 booked then"); staff also need whose booking it is.
  return {
    message: errorMessage(error) ?? 'Bookings are in the way of this link.',
    conflicts: conflicts.map((c) => (c.customer ? { ...c, reason: `${c.customer}'s booking: ${c.reason}` } : c)),
  };
}
