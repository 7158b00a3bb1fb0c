import crypto from 'node:crypto';
import { sharp } from '../../infra/sharp.js';
import type { Storage } from '../../infra/storage.js';

const ACCEPTED = /^image\/(jpeg|png|webp|gif|avif|tiff)$/;
// Judged by the decoded content: an SVG (which sharp reads too) could carry script.
const RASTER = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** A square's side, or a frame to fill (a wide header). */
export type ImageSize = number | { width: number; height: number };

/**
 * Resizes an image into webp variants (squares, or the frames given) and stores them. The key
 * carries a hash of the source, so a changed image gets a new URL and browsers can cache each
 * one for long. Returns null when the data is not an image sharp can read.
 */
export async function storeImage<Size extends string>(
  storage: Storage,
  folder: string,
  image: { data: Buffer; mime?: string },
  sizes: Record<Size, ImageSize>,
): Promise<Record<Size, string> | null> {
  if (image.mime && !ACCEPTED.test(image.mime)) return null;
  try {
    // Decoding checks the content, whatever the declared type says.
    const { format } = await sharp(image.data).metadata();
    if (!format || !RASTER.has(format)) return null;
  } catch {
    return null;
  }
  const hash = crypto.createHash('sha256').update(image.data).digest('hex').slice(0, 12);
  const urls = {} as Record<Size, string>;
  for (const [name, size] of Object.entries(sizes) as [Size, ImageSize][]) {
    const key = `${folder}/${hash}-${name}.webp`;
    const { width, height } = typeof size === 'number' ? { width: size, height: size } : size;
    const data = await sharp(image.data)
      .rotate()
      .resize(width, height, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    await storage.put(key, data);
    urls[name] = storage.url(key);
  }
  return urls;
}
