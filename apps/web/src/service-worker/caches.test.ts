import { describe, expect, it } from 'vitest';
import { isTileRequest } from './caches';

const image = { method: 'GET', destination: 'image' };

describe('isTileRequest', () => {
  it("keeps another origin's z/x/y images, and nothing of the app's own origin or other requests", () => {
    expect(isTileRequest(new URL('https://tile.openstreetmap.org/12/2925/1897.png'), image, false)).toBe(true);
    expect(isTileRequest(new URL('https://tiles.example.org/osm/5/22/14@2x.webp'), image, false)).toBe(true);
    expect(isTileRequest(new URL('https://tile.openstreetmap.org/12/2925/1897.png'), { method: 'GET', destination: '' }, false)).toBe(false);
    expect(isTileRequest(new URL('https://tile.openstreetmap.org/12/2925/1897.png'), { method: 'POST', destination: 'image' }, false)).toBe(false);
    expect(isTileRequest(new URL('https://rescuedesk.example/api/image/getImage/1/2/3.png'), image, true)).toBe(false);
    expect(isTileRequest(new URL('https://cdn.example.org/photos/cat.png'), image, false)).toBe(false);
  });
});
