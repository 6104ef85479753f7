import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.config';

/**
 * The citizen's pages (/r/<slug>, /t/<token>; docs/citizen-reports.md) are built on their own, after
 * the staff app and into the same folder: a first visit on a cheap phone loads React and this page
 * only, never Mantine, the router, the catalogues compiler or the service worker of the staff app.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    rollupOptions: { input: { 'public-page': 'public-page.html' } },
  },
});
