/**
 * (d) Redirects: the seed's detail URL under /api/, its broken links and its admin dashboard
 * paths all lead somewhere sensible.
 */
import { test, expect } from '../support/fixtures.ts';
import { demoFacilities, type Facility } from '../support/api.ts';

let facility: Facility;
test.beforeAll(async ({ request }) => {
  facility = (await demoFacilities(request))[0]!;
});

test('a browser opening /api/facility/<id> lands on /facilities/<id>; JSON clients still get JSON', async ({ page, request }) => {
  const res = await page.goto(`/api/facility/${facility._id}`);
  await expect(page).toHaveURL(new RegExp(`/facilities/${facility._id}$`));
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: facility.name })).toBeVisible();
  const json = await request.get(`/api/facility/${facility._id}`, { headers: { accept: 'application/json' } });
  expect(json.status()).toBe(200);
  expect(((await json.json()) as { data: Facility }).data._id).toBe(facility._id);
});

/** Where a path redirects to (first hop), and the status after following every hop. */
async function hop(request: import('@playwright/test').APIRequestContext, path: string) {
  const first = await request.get(path, { maxRedirects: 0, headers: { accept: 'text/html' } });
  const final = await request.get(path, { headers: { accept: 'text/html' } });
  return { status: first.status(), location: first.headers()['location'] ?? '', finalStatus: final.status(), finalUrl: final.url() };
}

test('seed links: /facility/<id>/book, /dashboard/bookAFacility, /facility and the typed /facilities', async ({ request, page }) => {
  const cases: [string, RegExp][] = [
    [`/facility/${facility._id}/book`, new RegExp(`^/facility-booking/${facility._id}$`)],
    ['/dashboard/bookAFacility', /^\/facilities-list$/],
    ['/facility', /^\/facilities-list$/],
    ['/facilities', /^\/facilities-list$/],
    ['/facilities/', /^\/facilities-list$/],
  ];
  for (const [from, to] of cases) {
    const r = await hop(request, from);
    expect([301, 302, 303, 307, 308], `${from} redirects`).toContain(r.status);
    expect(new URL(r.location, 'http://x').pathname, `${from} -> ${r.location}`).toMatch(to);
    expect(r.finalStatus, `${from} ends on a page`).toBe(200);
  }
  // In a browser too.
  await page.goto('/dashboard/bookAFacility');
  await expect(page).toHaveURL(/\/facilities-list$/);
});

test('seed admin dashboard paths lead to the back office (/admin/...)', async ({ request }) => {
  for (const from of ['/dashboard/facilities', '/dashboard/users', '/dashboard/addFacility', `/dashboard/updateFacility/${facility._id}`, '/dashboard/bookings', '/dashboard/register']) {
    const r = await hop(request, from);
    expect([301, 302, 303, 307, 308], `${from} redirects`).toContain(r.status);
    expect(new URL(r.location, 'http://x').pathname, `${from} -> ${r.location}`).toMatch(/^\/admin(\/|$)/);
    expect(r.finalStatus, `${from} ends on a page`).toBe(200);
  }
});
