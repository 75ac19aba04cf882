/**
 * The Content-Security-Policy directives every response of the public site shares: its pages
 * (site/astro.config.mjs, where Astro adds script-src and style-src with the hashes of each
 * page) and its other files and 404 page (api/src/plugins/site.ts). One list, so the two cannot
 * drift apart.
 */
export const SITE_POLICY_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  // Photos and facility images may be any https: address (text.ts isImageUrl); nothing else is widened.
  "img-src 'self' data: https:",
  // The contact page's map (the address stays readable without it).
  'frame-src https://www.openstreetmap.org',
] as const;
