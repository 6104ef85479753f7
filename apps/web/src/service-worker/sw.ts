/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/012): the app's files precached, so a second visit opens with
 * no network at all; page addresses answered with index.html; thumbnails and map tiles kept in capped caches.
 * A new version waits until the user chooses to reload (lib/pwa/update.ts): a page never runs a
 * mix of old and new code.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { THUMBNAIL_CACHE, THUMBNAIL_MAX_AGE_SECONDS, THUMBNAIL_MAX_ENTRIES, TILE_CACHE, TILE_MAX_AGE_SECONDS, TILE_MAX_ENTRIES, isThumbnailRequest, isTileRequest, mayKeep } from './caches';

declare const self: ServiceWorkerGlobalScope;

// The build writes every file of the app here: the shell, each page's code, both language
// catalogues, the styles, the Devanagari font and the icons.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page address opens the app; the API and its documentation never do.
// The citizen's report and tracking pages (/r/, /t/) are not the staff app: always from the server.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, /^\/robots\.txt$/, /^\/[rt]\//] }));

registerRoute(
  ({ url, request, sameOrigin }) => isThumbnailRequest(url, request.method, sameOrigin),
  new CacheFirst({
    cacheName: THUMBNAIL_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (mayKeep(response) ? response : null) },
      new ExpirationPlugin({ maxEntries: THUMBNAIL_MAX_ENTRIES, maxAgeSeconds: THUMBNAIL_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// Map tiles: from the kept copy when there is one (a tile changes seldom), else from the tile
// server, kept if it answered 200 readably (the map asks with CORS: an opaque answer is not kept).
registerRoute(
  ({ url, request, sameOrigin }) => isTileRequest(url, request, sameOrigin),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 && response.type !== 'opaque' ? response : null) },
      new ExpirationPlugin({ maxEntries: TILE_MAX_ENTRIES, maxAgeSeconds: TILE_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown; entry?: unknown } | null;
  // The page asks for the waiting version once the user chose to reload.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A page this worker does not control asks to be taken (lib/pwa/register-service-worker.ts): taken
  // only when its entry script, whose address changes with every build, is one this worker holds,
  // so the page's code and the files this worker answers with are the same build.
  else if (data?.type === 'CLAIM' && typeof data.entry === 'string' && getCacheKeyForURL(data.entry) !== undefined) event.waitUntil(self.clients.claim());
});

// The first install takes the open page at once (same build as the page), so the thumbnails it
// shows from then on are kept. Later versions wait for the user (above). A page whose request left
// before this worker was active (a reload during the install) is not yet a client here, so it is
// not taken: it asks, once loaded (CLAIM above; docs/decisions/016).
clientsClaim();
