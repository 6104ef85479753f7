/** Photos from phone cameras are 4000+ px wide; the server and cheap data plans need far less. */
export const MAX_LONG_SIDE = 1600;
export const JPEG_QUALITY = 0.85;

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * Scales a photo down to at most MAX_LONG_SIDE on its long side, as a JPEG, honouring the camera's
 * orientation. A photo already small enough is sent as it is. When the browser cannot decode or draw
 * the file (an unusual format, too little memory), the original is returned so the server decides:
 * the user then sees its answer instead of losing the photo.
 */
export async function resizeImage(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = MAX_LONG_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return file;

    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: paint it white rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);

    const blob = await canvasToJpeg(canvas);
    if (!blob) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
