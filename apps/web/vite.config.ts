import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

/** The language catalogues (docs/decisions/008): one chunk per language, compiled here. */
export const linguiPlugin = () => lingui({ configPath: path.resolve(import.meta.dirname, '../../lingui.config.js'), failOnMissing: true, failOnCompileError: true });

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, at the strongest settings, so the
 * server (@fastify/static preCompressed) sends phones a third of the bytes without compressing
 * anything per request.
 */
function precompress(): Plugin {
  return {
    name: 'rescuedesk-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = [...Object.keys(bundle), 'index.html'].filter((f, i, all) => /\.(js|css|html|svg|json)$/.test(f) && all.indexOf(f) === i);
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await fs.readFile(full).catch(() => undefined);
          if (!data || data.length < 1024) return;
          await fs.writeFile(`${full}.br`, await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await fs.writeFile(`${full}.gz`, await gzip(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The installable app (docs/decisions/012): the web app manifest, and the service worker
 * (src/service-worker/sw.ts) with the list of every file of the build to precache, so a second
 * visit opens with no network. It is registered by the app itself (lib/pwa), after the first page
 * is drawn, and a new version waits for the user's Reload.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'RescueDesk',
      short_name: 'RescueDesk',
      description: 'Case management for animal rescue organisations.',
      lang: 'en',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      // The theme's filled teal (theme.ts, shade 8) and the light page background.
      theme_color: '#087f5b',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // Every page's code, both catalogues, the styles, the Devanagari font (woff2: every browser
      // that runs a service worker reads it) and the icons; not the precompressed copies.
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
    },
  });

/** The dashboard charts' library and the packages only it uses (their own chunk, loaded with the charts). */
const CHART_LIBRARIES = '(?:recharts|@mantine[\\\\/]charts|victory-vendor|d3-[a-z-]+|internmap|decimal\\.js-light|es-toolkit|eventemitter3|immer|@reduxjs[\\\\/]toolkit|redux|redux-thunk|react-redux|reselect|tiny-invariant|use-sync-external-store)';

export default defineConfig({
  plugins: [react(), linguiPlugin(), precompress(), pwa()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Few, larger chunks: on a phone network a browser fetches six files at a time from one
        // server, each costing a round trip of half a second, so thirty small chunks cost seconds.
        // Libraries change less often than the app, so they stay cached across deploys:
        // react (React and the router), vendor (what the entry and the login page need), ui
        // (every other library, for the signed-in pages), then the app's own code: main (the
        // entry's), shared (used by several pages) and a small chunk per page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/, priority: 30 },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 20 },
            // The chart library stays out of ui: it is fetched when the dashboard's charts are shown (docs/reports.md).
            { name: 'ui', test: new RegExp(`node_modules[\\\\/](?!${CHART_LIBRARIES}[\\\\/])`), priority: 10 },
            { name: 'charts', test: new RegExp(`node_modules[\\\\/]${CHART_LIBRARIES}[\\\\/]`), priority: 9 },
            { name: 'main', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 6 },
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 5 },
          ],
        },
      },
    },
  },
});
