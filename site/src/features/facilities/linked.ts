import type { FacilityDto } from '@courtside/contracts';

/**
 * Linked courts on a facility's page: what it shares its time with, in the words a player reads.
 * A part names its parent; a parent names its parts. Undefined for a facility on its own.
 */
export interface SharedGround {
  text: string;
  links: { href: string; name: string }[];
}

const href = (id: string) => `/facilities/${encodeURIComponent(id)}`;

export function sharedGround(facility: Pick<FacilityDto, 'parent' | 'parts'>): SharedGround | undefined {
  if (facility.parent) {
    return {
      text: 'Part of a larger space: while the whole of it is booked, this part is not free. Other parts can be booked at the same time.',
      links: [{ href: href(facility.parent._id), name: facility.parent.name }],
    };
  }
  if (facility.parts.length > 0) {
    return {
      text: `Also booked in ${facility.parts.length} parts: booking here takes all of them, so a time is free only when every part is.`,
      links: facility.parts.map((p) => ({ href: href(p._id), name: p.name })),
    };
  }
  return undefined;
}
