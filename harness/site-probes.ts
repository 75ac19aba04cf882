import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One request to the served site or back office and the status it must get. */
export interface SiteProbe {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
}

const HTML = { accept: 'text/html' };

/**
 * Every kind of answer the site and the back office give: pages on demand and prerendered,
 * the 404 page, redirects, static files, a refused form post. The security test and
 * `npm run prove security` both walk this list, so a new page is checked by both.
 * `root` holds site/dist and admin/dist (built); `facilityId` is a live facility.
 */
export function siteProbes(root: string, facilityId: string): SiteProbe[] {
  const astro = readdirSync(join(root, 'site', 'dist', 'client', '_astro')).find((n) => n.endsWith('.js'));
  const adminJs = readdirSync(join(root, 'admin', 'dist', 'assets')).find((n) => n.endsWith('.js'));
  return [
    { name: 'home (on demand)', path: '/', headers: HTML, status: 200 },
    { name: 'about (prerendered)', path: '/about-us', headers: HTML, status: 200 },
    { name: 'about, static file path', path: '/about-us/', headers: HTML, status: 200 },
    { name: 'contact', path: '/contact-us', headers: HTML, status: 200 },
    { name: 'facilities list', path: '/facilities-list?q=court&maxPrice=50', headers: HTML, status: 200 },
    { name: 'facility detail', path: `/facilities/${facilityId}`, headers: HTML, status: 200 },
    { name: 'unknown facility', path: '/facilities/00000000-0000-4000-8000-000000000000', headers: HTML, status: 404 },
    { name: 'booking page', path: `/facility-booking/${facilityId}`, headers: HTML, status: 200 },
    { name: 'login', path: '/login?redirect=%2Fdashboard', headers: HTML, status: 200 },
    { name: 'register', path: '/register', headers: HTML, status: 200 },
    // The reset email links to these two.
    { name: 'forgot password', path: '/forgot-password', headers: HTML, status: 200 },
    { name: 'reset password', path: '/reset-password?token=x', headers: HTML, status: 200 },
    { name: 'dashboard (prerendered)', path: '/dashboard', headers: HTML, status: 200 },
    { name: 'my bookings', path: '/dashboard/userBookings', headers: HTML, status: 200 },
    { name: 'checkout', path: '/dashboard/checkoutForPayment', headers: HTML, status: 200 },
    { name: 'payment return', path: '/payment/success?order=x', headers: HTML, status: 200 },
    { name: 'site 404 page', path: '/no-such-page', headers: HTML, status: 404 },
    { name: '404 without HTML', path: '/no-such-page', status: 404 },
    { name: 'legacy path redirect', path: '/dashboard/facilities', headers: HTML, status: 302 },
    { name: 'legacy path redirect 2', path: '/facility', headers: HTML, status: 301 },
    { name: 'site script', path: `/_astro/${astro}`, status: 200 },
    { name: 'missing site file', path: '/_astro/no-such-file.js', status: 404 },
    { name: 'favicon', path: '/favicon.svg', status: 200 },
    { name: 'image', path: '/images/avatar.svg', status: 200 },
    { name: 'cross-site form post refused', method: 'POST', path: '/contact-us', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, body: 'name=x', status: 403 },
    { name: 'form post without an origin refused', method: 'POST', path: '/contact-us', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x', status: 403 },
    { name: 'back office', path: '/admin/', headers: HTML, status: 200 },
    { name: 'back office redirect', path: '/admin', headers: HTML, status: 301 },
    { name: 'back office bundle', path: `/admin/assets/${adminJs}`, status: 200 },
  ];
}
