/**
 * node apps/web/scripts/make-icons.mjs
 *
 * Draws the installable app's icons (public/icons/) from the logo in public/favicon.svg: 192 and
 * 512 px as they are, a 512 px maskable one (the paw inside the safe zone of a full-bleed square,
 * so a phone's round or squircle mask never cuts it) and a 180 px touch icon for iOS. Run again
 * after the logo changes; the PNGs are committed, so a build needs no image tool.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '..');
const out = path.join(web, 'public/icons');
const logo = fs.readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');
const fill = /<circle[^>]*fill="([^"]+)"/.exec(logo)?.[1] ?? '#0ca678';
const paw = /<g fill="#fff">[\s\S]*<\/g>/.exec(logo)?.[0];
if (!paw) throw new Error('favicon.svg has no paw group');

// The maskable safe zone is the centred circle of 80% of the width: the paw (about 60% of the
// logo's 64 units) is scaled to 70% and centred, leaving margin on every side.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><g transform="translate(32 33) scale(0.7) translate(-32 -33)">${paw}</g></svg>`;
// The touch icon is square (iOS rounds the corners itself) with the logo's colour to the edge.
const touch = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/>${paw}</svg>`;

fs.mkdirSync(out, { recursive: true });
const render = (svg, size, file) => sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, file));
await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(maskable, 512, 'icon-maskable-512.png');
await render(touch, 180, 'apple-touch-icon.png');
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
