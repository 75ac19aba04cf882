// What the API server hands each on-demand page (Astro.locals), see api/src/plugins/site.ts.
declare namespace App {
  interface Locals {
    /** Where this server's own API answers over loopback; unset until it listens. */
    apiOrigin?: string;
    /** Sent with each call over loopback: the visitor the page is rendered for, vouched for by the server. */
    apiHeaders?: Record<string, string>;
    /** The venue's currency and locale (GET /api/settings), set by src/middleware.ts. */
    money?: { currency: string; locale: string };
  }
}
