import { listWhere } from '../common/links.ts';

/** The Waitlist screen showing who still waits (or holds an offer) at a facility, on one day or any. */
export const waitlistAt = (facilityId: string, date?: string) => listWhere('waitlist', { facilityId, ...(date ? { date } : {}), status: 'active' });
