// The public site: static-first pages, React islands only where needed. Built in
// middleware mode so the API server mounts it on the same origin (see api/src/plugins/site.ts).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  build: { inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  telemetry: false,
});
