/**
 * What the service worker keeps besides the app's own files (docs/decisions/012). Shared by the
 * worker and the page: the page empties the thumbnail cache when the user signs out.
 */

/** Thumbnails of case photos and logos, kept for reading offline; capped in count and age. */
export const THUMBNAIL_CACHE = 'rescuedesk-thumbnails';
export const THUMBNAIL_MAX_ENTRIES = 300;
export const THUMBNAIL_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * Only a thumbnail (`?w=`) of a stored image is ever kept: every other answer under /api carries
 * personal data the service worker must not keep blindly (offline data lives in the query cache,
 * lib/offline). Full-size images are not kept either: they are large and opened one at a time.
 */
export function isThumbnailRequest(url: URL, method: string, sameOrigin: boolean): boolean {
  return sameOrigin && method === 'GET' && url.pathname.startsWith('/api/image/getImage/') && url.searchParams.has('w');
}

/**
 * The server marks identity documents (Aadhaar and the like) `no-store`, thumbnails included: such
 * an answer is never written to a cache, whatever the URL looks like.
 */
export function mayKeep(response: Response): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  return !/\bno-store\b/i.test(cacheControl);
}

/**
 * Map tiles seen on the dashboard's map (docs/product.md#the-map), kept for the next time the
 * tile server cannot be reached: capped in count (a 256-pixel tile is 5 to 50 kB, so about 25 MB at
 * most) and in age, the oldest used dropped first.
 */
export const TILE_CACHE = 'rescuedesk-map-tiles';
export const TILE_MAX_ENTRIES = 1000;
export const TILE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * A map tile: an image of another origin (MAP_TILE_URL, which the worker does not know) at a
 * z/x/y address. Same-origin answers are the app's own and never tiles.
 */
export function isTileRequest(url: URL, request: { method: string; destination: string }, sameOrigin: boolean): boolean {
  return !sameOrigin && request.method === 'GET' && request.destination === 'image' && /\/\d{1,2}\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname);
}
