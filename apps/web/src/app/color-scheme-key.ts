/**
 * The colour-mode choice survives reloads under this key (Mantine's localStorageColorSchemeManager,
 * app/provider.tsx). startup-preload.js (vite.config.ts) reads it too, to set the scheme before the
 * first paint: kept apart from theme.ts, which the build's config cannot import.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'rescuedesk-color-scheme';
