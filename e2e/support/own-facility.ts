/**
 * Facilities of a test's own. Two workers share one server, so a test that books, moves, closes
 * or re-prices makes its own facility through the admin API instead of touching the demo
 * catalogue: no other test can take its slot between reading the availability and booking it,
 * and what it changes, no other test sees. The demo catalogue is left to the specs that read
 * the public pages (and to Find a court's padel search, whose courts no other spec books).
 *
 * The facilities stay when the test ends (each run starts from a fresh data directory): public
 * lists only ever grow while the suite runs, which is what the specs that read them allow for.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { WEEKDAYS } from '@courtside/domain';
import { loginAdmin, type Facility } from './api.ts';
import { bearer } from './console.ts';

/** What a test may set on its facility; the rest is a plain 8:00-22:00 court at $20 an hour in New York. */
export type FacilityData = Partial<Pick<Facility, 'name' | 'location' | 'pricePerHour' | 'description' | 'imageUrl' | 'timezone' | 'sport' | 'slotMinutes' | 'maxBookingMinutes' | 'openingHours' | 'priceRules' | 'policy' | 'maxPlayers'>>;

/** The price rule several specs' courts have: $30 an hour from 18:00 to 22:00, every day. */
export const EVENING_PEAK: Facility['priceRules'] = [{ days: [...WEEKDAYS], from: '18:00', to: '22:00', pricePerHour: 30 }];

let made = 0;

/**
 * Creates a facility for `label` (the spec's name) with a name no other test uses. The name starts
 * with "Zz" so it sorts after the demo catalogue (and the facilities a spec names itself): lists
 * sorted by name, the back office's 25 to a page, keep the demo facilities on their first page.
 * Its sport is "other" unless said: the public-page specs search real sports.
 */
export async function createFacility(request: APIRequestContext, label: string, data: FacilityData = {}): Promise<Facility> {
  made += 1;
  const admin = await loginAdmin(request);
  const res = await request.post('/api/facility', {
    headers: bearer(admin),
    data: {
      name: `Zz ${label} ${Date.now().toString(36)}-${process.pid}-${made}`,
      location: `${label} hall`,
      pricePerHour: 20,
      description: `A court of the ${label} spec's own.`,
      imageUrl: '/images/facilities/tennis.svg',
      timezone: 'America/New_York',
      sport: 'other',
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Facility }).data;
}
