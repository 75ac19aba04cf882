import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { plainHashRouter } from './plain-hash-router.ts';

// The back office is its own bundle, served by the API under /admin/ (see api/src/plugins/back-office.ts).
// The sign-in page loads first; the console (layout, dashboard) and each resource screen are
// chunks of their own, fetched on demand (src/App.tsx). `npm run size` measures both.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), plainHashRouter()],
  resolve: {
    alias: { 'object.entries': fileURLToPath(new URL('object-entries.cjs', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Which file holds which source module (dist/.vite/manifest.json): scripts/size.ts finds the console chunk by it.
    manifest: true,
    // A screen's own imports are found by the browser when its chunk arrives. Listing them up front
    // for every lazy screen put a table of ~190 file names and the preload helper into the sign-in
    // file (~5 KB gzipped) that the first screen never uses. The page's own preload links stay.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React changes far less often than the app: its own long-cached file. Only code every
          // first screen needs belongs in a group, or the group would load code before it is needed.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 1 },
            // Everything else the sign-in page imports statically, in one file: it loads all of it
            // anyway, and one file compresses better than the dozen small ones shared chunks make.
            { name: 'sign-in', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w admin` against a running API on :3000.
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
