import { ConflictsError, DomainError, type Conflict } from './errors.ts';

/**
 * Linked courts: one ground sold in more than one way (a pitch whole or as two halves, a hall
 * or its four courts). A facility may be part of another, one level only. A booking or closure
 * on a parent occupies each of its parts, and one on a part occupies its parent; two parts of
 * the same parent do not block each other. PostgreSQL enforces it
 * (migrations/src/sql/courtside_booking_ground_free.sql); these are the words and the choices.
 */

/** A facility as the links see it. */
export interface LinkNode {
  id: string;
  name: string;
  parentId: string | null;
  isDeleted?: boolean;
}

const live = (f: LinkNode) => f.isDeleted !== true;

/** Why `facilityId` (null: a facility not made yet) cannot be part of `parentId`, or null when it can. */
export function linkRefusal(facilityId: string | null, parentId: string, facilities: readonly LinkNode[]): string | null {
  if (parentId === facilityId) return 'A facility cannot be part of itself.';
  const parent = facilities.find((f) => f.id === parentId && live(f));
  if (!parent) return 'The facility to be part of does not exist.';
  if (parent.parentId !== null) return `${parent.name} is itself part of another facility: parts have no parts.`;
  const parts = facilityId === null ? [] : facilities.filter((f) => f.parentId === facilityId && live(f));
  if (parts.length > 0) return `It has parts of its own (${parts.map((p) => p.name).join(', ')}): a parent is part of nothing.`;
  return null;
}

/** The facilities `facilityId` (null: a new one) may be part of, as linkRefusal allows: live, part of nothing, not itself. */
export function parentChoices(facilityId: string | null, facilities: readonly LinkNode[]): LinkNode[] {
  return facilities.filter((f) => live(f) && linkRefusal(facilityId, f.id, facilities) === null);
}

/** The refusal of a link the one-level rule forbids (409 LINK_REFUSED). */
export const linkRefused = (reason: string) => new DomainError('conflict', 'LINK_REFUSED', reason, 'parentId');

/** The refusal of a link that would make upcoming bookings or closures of the two overlap (409 LINK_CONFLICT). */
export const linkConflict = (parentName: string, conflicts: Conflict[]) =>
  new ConflictsError(
    'LINK_CONFLICT',
    `It cannot be part of ${parentName} while ${conflicts.length === 1 ? 'this booking overlaps' : `these ${conflicts.length} bookings overlap`} time taken there. Move or cancel ${conflicts.length === 1 ? 'it' : 'them'} first.`,
    conflicts,
    'parentId',
  );

/** The refusal to delete a parent while it has parts (409 HAS_PARTS). */
export const hasParts = (names: readonly string[]) =>
  new DomainError('conflict', 'HAS_PARTS', `It has parts (${names.join(', ')}): move them to another facility or delete them first.`);

/** What a customer reads when a linked facility holds the time they asked for ("Half A is booked then"). */
export const linkedTakenMessage = (holder: string) => `${holder} is booked then. Please choose another time.`;

/** What a customer reads when a linked facility is closed at the time they asked for. */
export const linkedClosedMessage = (holder: string) => `${holder} is closed then. Please choose another time.`;

/** Why time is taken on a facility by a linked one, as the day grid labels it: "Half A booked", "Whole pitch closed". */
export const linkedCause = (kind: 'booking' | 'closure', holder: string) => `${holder} ${kind === 'booking' ? 'booked' : 'closed'}`;
