import zlib from 'node:zlib';
import sharp from 'sharp';

/** A small real photo, optionally carrying a GPS position in its EXIF data. */
export function jpegPhoto(options: { width?: number; height?: number; gps?: boolean } = {}): Promise<Buffer> {
  const image = sharp({ create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background: '#c0392b' } });
  const withGps = options.gps ? image.withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' } }) : image;
  return withGps.jpeg().toBuffer();
}

export function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).png().toBuffer();
}

/** A valid PNG header that claims a 30,000 x 30,000 picture: a decompression bomb in miniature. */
export function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const idat = zlib.deflateSync(Buffer.alloc(30_001 * 3 * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
