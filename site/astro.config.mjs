// The public site: static-first pages, islands (React API on Preact) only where needed. Built in
// middleware mode so the API server mounts it on the same origin (see api/src/plugins/site.ts).
import { createHash } from 'node:crypto';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import { SITE_POLICY_DIRECTIVES } from '@courtside/domain';
import { INLINE_SCRIPTS } from './src/lib/inline-scripts.mjs';

const sha256 = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

export default defineConfig({
  output: 'static',
  // staticHeaders: every page's policy travels as an HTTP header (on-demand pages directly,
  // prerendered ones through dist/ for the server to send) instead of a <meta> tag, which
  // could not carry frame-ancestors and would intersect with the server's header.
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  // Islands are written against React's API and run on Preact (compat): the same code in
  // a fraction of the bytes, which keeps the booking page inside its JavaScript budget.
  integrations: [preact({ compat: true })],
  build: { inlineStylesheets: 'always' },
  // Astro hashes the scripts and styles it emits into script-src/style-src: no 'unsafe-inline'.
  // Our own inline scripts (run before paint) are hashed from the very strings the pages render.
  security: {
    csp: {
      directives: [...SITE_POLICY_DIRECTIVES],
      scriptDirective: { hashes: INLINE_SCRIPTS.map(sha256) },
    },
  },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  telemetry: false,
});
