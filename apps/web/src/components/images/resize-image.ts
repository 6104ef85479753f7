/** Photos from phone cameras are 4000+ px wide; the server and cheap data plans need far less. */
export const MAX_LONG_SIDE = 1600;
export const JPEG_QUALITY = 0.85;
/**
 * The most a photo should cost to send: about 3.6 s of a Slow 4G upload (675 kbit/s). Most photos
 * fit at the first rung; a grainy one (low light, a cheap sensor) would take twice that and more.
 */
export const PHOTO_BYTE_BUDGET = 300 * 1024;

/** One way to encode a photo: its long side in pixels and its JPEG quality. */
export interface Rung {
  longSide: number;
  quality: number;
}

/**
 * Tried in turn until one fits PHOTO_BYTE_BUDGET (docs/decisions/015): first lower quality at full
 * size, then a smaller picture. Identity documents stop at the full-size rungs, so that a card's
 * number stays readable; they may then go over the budget.
 */
const PHOTO_RUNGS: readonly Rung[] = [
  { longSide: MAX_LONG_SIDE, quality: JPEG_QUALITY },
  { longSide: MAX_LONG_SIDE, quality: 0.75 },
  { longSide: MAX_LONG_SIDE, quality: 0.65 },
  { longSide: 1280, quality: 0.7 },
  { longSide: 1024, quality: 0.7 },
];

export function rungsFor(kind: 'photo' | 'document'): readonly Rung[] {
  return kind === 'document' ? PHOTO_RUNGS.filter((rung) => rung.longSide === MAX_LONG_SIDE) : PHOTO_RUNGS;
}

/**
 * Encodes at each rung in turn and keeps the first result within the budget, or else the smallest.
 * A rung that cannot be encoded (the browser gave no blob) is passed over; null when none could be.
 */
export async function encodeWithinBudget(
  rungs: readonly Rung[],
  encode: (rung: Rung) => Promise<Blob | null>,
  budget = PHOTO_BYTE_BUDGET,
): Promise<Blob | null> {
  let smallest: Blob | null = null;
  for (const rung of rungs) {
    const blob = await encode(rung);
    if (!blob) continue;
    if (blob.size <= budget) return blob;
    if (!smallest || blob.size < smallest.size) smallest = blob;
  }
  return smallest;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/** The photo drawn at a long side, white behind it (JPEG has no transparency); null without a 2D context. */
function draw(bitmap: ImageBitmap, longSide: number): HTMLCanvasElement | null {
  const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * Scales a photo down to at most MAX_LONG_SIDE on its long side, as a JPEG within PHOTO_BYTE_BUDGET
 * where it can be (encodeWithinBudget), honouring the camera's orientation. A picture already small
 * enough in both pixels and bytes is sent as it is, and so is one that is not a JPEG but small enough
 * in pixels (a logo keeps its transparency). When the browser cannot decode or draw the file (an
 * unusual format, too little memory), the original is returned so the server decides: the user then
 * sees its answer instead of losing the photo.
 */
export async function resizeImage(file: File, kind: 'photo' | 'document' = 'photo'): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const withinSize = Math.max(bitmap.width, bitmap.height) <= MAX_LONG_SIDE;
    if (withinSize && (file.size <= PHOTO_BYTE_BUDGET || file.type !== 'image/jpeg')) return file;

    // Drawing is the costly part on a cheap phone: each size is drawn once, whatever its qualities,
    // and only the size being tried is held in memory.
    let drawn: { longSide: number; canvas: HTMLCanvasElement | null } | null = null;
    const blob = await encodeWithinBudget(rungsFor(kind), (rung) => {
      if (drawn?.longSide !== rung.longSide) drawn = { longSide: rung.longSide, canvas: draw(bitmap, rung.longSide) };
      const { canvas } = drawn;
      return canvas ? new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', rung.quality)) : Promise.resolve(null);
    });
    // Re-encoding a small photo can make it larger: then the original is the better one to send.
    if (!blob || (withinSize && blob.size >= file.size)) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
