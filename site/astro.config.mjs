// The public site: static-first pages, islands (React API on Preact) only where needed. Built in
// middleware mode so the API server mounts it on the same origin (see api/src/plugins/site.ts).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';

export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  // Islands are written against React's API and run on Preact (compat): the same code in
  // a fraction of the bytes, which keeps the booking page inside its JavaScript budget.
  integrations: [preact({ compat: true })],
  build: { inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  telemetry: false,
});
