/**
 * (a) A visitor's tour of every public page and every home section, with the counts of the
 * original product: 4 hero slides, 3 featured facilities, 6 steps,
 * 3 testimonials that wrap around, 3 of 5 booking tips, an FAQ of 5 with one open at a time,
 * the scroll-to-top button; about, contact (sending a message), the list, a facility, login,
 * register and the 404 page.
 */
import { test, expect } from '../support/fixtures.ts';
import { facilities, type Facility } from '../support/api.ts';
import { snap } from '../support/screens.ts';
import { times } from '../support/clock.ts';

let catalogue: Facility[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = await facilities(request);
  expect(catalogue.length, 'the demo catalogue is seeded').toBeGreaterThanOrEqual(3);
});

test.describe('home', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('hero carousel has 4 slides and Book Now goes to Find a court', async ({ page }) => {
    const hero = page.getByTestId('hero');
    await expect(hero.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    const bookNow = hero.getByRole('link', { name: 'Book Now' }).first();
    await expect(bookNow).toHaveAttribute('href', '/find');
    await bookNow.click();
    await expect(page).toHaveURL(/\/find$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a court' })).toBeVisible();
  });

  test('hero carousel: next/previous wrap around, by mouse and keyboard', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // no automatic advance during the test
    await page.reload();
    const hero = page.getByTestId('hero');
    const active = hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveAttribute('aria-label', '1 of 4');
    await hero.getByRole('button', { name: /previous/i }).click();
    await expect(active).toHaveAttribute('aria-label', '4 of 4');
    await hero.getByRole('button', { name: /next/i }).focus();
    await page.keyboard.press('Enter');
    await expect(active).toHaveAttribute('aria-label', '1 of 4');
    await page.keyboard.press('Space');
    await expect(active).toHaveAttribute('aria-label', '2 of 4');
  });

  test('3 featured facilities link to their pages, plus a link to the list', async ({ page, request }) => {
    const featured = page.getByTestId('featured');
    const hrefs = await featured.locator('a[href^="/facilities/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    const unique = [...new Set(hrefs)];
    expect(unique, 'three distinct facilities').toHaveLength(3);
    await expect(featured.locator('img')).toHaveCount(3);
    await expect(featured.locator('a[href="/facilities-list"]').first()).toBeVisible();
    // Each card names the real facility it links to. Asked one by one, not checked against the
    // catalogue read before the page: specs running beside this one add and remove facilities.
    for (const href of unique) {
      const res = await request.get(`/api${href.replace('/facilities/', '/facility/')}`);
      expect(res.status(), `${href} is a facility`).toBe(200);
      const facility = ((await res.json()) as { data: Facility }).data;
      await expect(featured.getByText(facility.name, { exact: true }).first()).toBeVisible();
    }
    await featured.locator(`a[href="${unique[0]}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${unique[0]}$`));
  });

  test('How It Works has 6 steps', async ({ page }) => {
    const how = page.getByTestId('how-it-works');
    await expect(how.getByRole('listitem')).toHaveCount(6);
    for (const step of [/sign up|log in/i, /browse/i, /availability/i, /pay/i, /play/i, /review/i]) {
      await expect(how.getByText(step).first()).toBeVisible();
    }
  });

  test('testimonials: 3 entries, next and previous wrap around (also by keyboard)', async ({ page }) => {
    const slider = page.getByTestId('testimonials');
    const entries = slider.locator('[aria-roledescription="slide"]');
    await expect(entries).toHaveCount(3);
    const shown = slider.locator('[aria-roledescription="slide"]:visible');
    await expect(shown).toHaveCount(1);
    const texts = await entries.allInnerTexts();
    const label = async () => (await shown.getAttribute('aria-label')) ?? '';
    expect(await label()).toBe('1 of 3');

    const prev = slider.getByRole('button', { name: /previous/i });
    const next = slider.getByRole('button', { name: /next/i });
    await prev.click();
    await expect(shown).toHaveAttribute('aria-label', '3 of 3');
    await next.click();
    await expect(shown).toHaveAttribute('aria-label', '1 of 3');
    await next.click();
    await expect(shown).toHaveAttribute('aria-label', '2 of 3');
    await next.click();
    await expect(shown).toHaveAttribute('aria-label', '3 of 3');
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(shown).toHaveAttribute('aria-label', '1 of 3');
    expect(new Set(texts).size, 'three different testimonials').toBe(3);
  });

  test('booking tips: 3, then 5 after Show More, then 3 after Show Less', async ({ page }) => {
    const tips = page.getByTestId('booking-tips');
    const visible = tips.locator('li:visible');
    await expect(visible).toHaveCount(3);
    await tips.getByRole('button', { name: 'Show More' }).click();
    await expect(visible).toHaveCount(5);
    await tips.getByRole('button', { name: 'Show Less' }).click();
    await expect(visible).toHaveCount(3);
  });

  test('FAQ: 5 items, opening one closes the other; mentions payments and group discounts', async ({ page }) => {
    const faq = page.getByTestId('faq');
    const items = faq.locator('details');
    await expect(items).toHaveCount(5);
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    const openCount = () => faq.locator('details[open]').count();
    expect(await openCount()).toBe(1);
    await items.nth(3).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(3)).toHaveAttribute('open', '');
    await expect(items.nth(1)).not.toHaveAttribute('open', '');
    expect(await openCount()).toBe(1);
    const all = (await faq.innerText()) + (await items.evaluateAll((ds) => ds.map((d) => d.textContent).join(' ')));
    expect(all).toMatch(/group discount/i);
  });

  test('scroll-to-top: hidden at the top, visible after scrolling 400px, scrolls back up', async ({ page }) => {
    const button = page.getByTestId('scroll-top');
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('about us: mission, team, journey and contact information', async ({ page }) => {
  const res = await page.goto('/about-us');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const topic of [/mission/i, /team/i, /journey/i, /contact|get in touch|reach us|find us/i]) {
    await expect(page.getByRole('heading', { name: topic }).first()).toBeVisible();
  }
  await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
  await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
});

test('contact us: sending a message shows a success message', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.locator('main form');
  await form.getByLabel(/name/i).first().fill('E2E Visitor');
  await form.getByLabel(/email/i).fill('visitor@courtside.test');
  await form.getByLabel(/subject/i).fill('Group booking');
  await form.getByLabel(/message/i).fill('Can we book three courts for a club evening next month?');
  await form.getByRole('button', { name: /send|submit/i }).click();
  await expect(page.getByText(/thank|message (has been |was )?(sent|received)|we('| wi)ll (get back|reply)/i).first()).toBeVisible();
});

test('contact us: the no-JavaScript form is refused when another site posts it', async ({ request }) => {
  const form = new URLSearchParams({ name: 'Cross Site', email: 'cross@example.com', subject: 'Hello', message: 'Posted by another page.' }).toString();
  const foreign = await request.post('/contact-us', { headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, data: form, failOnStatusCode: false });
  expect(foreign.status()).toBe(403);
  // The API itself takes no form body from anyone.
  const api = await request.post('/api/contact', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: form, failOnStatusCode: false });
  expect(api.status()).toBe(415);
});

test("contact us: the opening hours are the facilities' own, from the first to open to the last to close", async ({ page, request }) => {
  const details = page.getByTestId('contact-details');
  // Specs running beside this one add and remove facilities: the page and the list are read
  // together until both were drawn from the same facilities.
  const mondayHours = async () => {
    const monday = (await facilities(request)).flatMap((f) => (f.openingHours.mon ? [f.openingHours.mon] : []));
    const [first, last] = [monday.map((h) => h.open).sort()[0]!, monday.map((h) => h.close).sort().at(-1)!];
    return first === '00:00' && last === '24:00' ? 'Open 24 hours' : times(first, last);
  };
  await expect
    .poll(async () => {
      await page.goto('/contact-us');
      const shown = (await details.locator('.hours').textContent()) ?? '';
      return shown.includes(await mondayHours());
    }, { timeout: 20_000 })
    .toBe(true);
  await snap(page, 'contact-hours');
});

test('facilities list shows every facility as a card', async ({ page, request }) => {
  // Those live before and after the page is drawn: specs beside this one add and remove their own.
  const before = await facilities(request);
  const res = await page.goto('/facilities-list');
  expect(res?.status()).toBe(200);
  const after = new Set((await facilities(request)).map((f) => f._id));
  for (const f of before.filter((b) => after.has(b._id))) {
    await expect(page.locator(`main a[href="/facilities/${f._id}"]`).first()).toBeVisible();
  }
});

test('a facility page shows image, name, location, price in dollars, description and Book Now', async ({ page }) => {
  const facility = catalogue[0]!;
  const res = await page.goto(`/facilities/${facility._id}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: facility.name })).toBeVisible();
  await expect(page.locator('main img').first()).toBeVisible();
  await expect(page.getByText(facility.location).first()).toBeVisible();
  await expect(page.locator('main').getByText(`$${facility.pricePerHour}`).first()).toBeVisible();
  await expect(page.getByText(facility.description.slice(0, 40)).first()).toBeVisible();
  const book = page.getByRole('link', { name: 'Book Now' });
  await expect(book).toHaveAttribute('href', `/facility-booking/${facility._id}`);
  // Signed out, Book Now goes to login and remembers the booking screen.
  await book.click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(`/facility-booking/${facility._id}`);
});

test('unknown facility id answers 404', async ({ page }) => {
  const res = await page.goto('/facilities/00000000-0000-4000-8000-000000000000');
  expect(res?.status()).toBe(404);
  await expect(page.locator('main a[href="/"], main a[href="/facilities-list"]').first()).toBeVisible();
});

test('login page: email, password, and the failure message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@courtside.test');
  await page.getByLabel('Password').fill('Wrong-password-123');
  await page.locator('main').getByRole('button', { name: /log ?in|sign in/i }).click();
  await expect(page.getByText('Login failed. Please check your email and password.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('register page: all six fields, the photo optional, the rest required', async ({ page }) => {
  await page.goto('/register');
  const form = page.locator('main form');
  for (const field of [/name/i, /photo/i, /email/i, /password/i, /phone/i, /address/i]) {
    const input = form.getByLabel(field).first();
    await expect(input).toBeVisible();
    if (field.source === 'photo') await expect(input).not.toHaveAttribute('required');
    else await expect(input).toHaveAttribute('required', '');
  }
});

test('404: an unknown path answers 404 with a link home', async ({ page }) => {
  const res = await page.goto('/this-page-does-not-exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  const home = page.locator('main a[href="/"]').first();
  await expect(home).toBeVisible();
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});

test('navigation: About, Facilities > Facilities list, Contact, Login and Register when signed out', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Dashboard' })).toBeHidden();
  await nav.getByText('Facilities', { exact: true }).click();
  await nav.getByRole('link', { name: 'Facilities list' }).click();
  await expect(page).toHaveURL(/\/facilities-list$/);
});
