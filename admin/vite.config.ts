import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The back office is its own bundle, served by the API under /admin/ (see api/src/plugins/back-office.ts).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
  server: {
    // `npm run dev -w admin` against a running API on :3000.
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
