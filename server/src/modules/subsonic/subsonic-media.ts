import { imageTypeOf, type Storage } from '../../infra/storage.js';
import { sharp } from '../../infra/sharp.js';

/** Cover sizes a client may ask for; others are served at the nearest larger one. */
const SIZES = [64, 128, 256, 512, 1024] as const;

/**
 * A picture of the storage at a size (getCoverArt, getAvatar): resized once, square, and kept
 * beside the original for the next call. Undefined when the picture is not ours to serve.
 */
export async function pictureAt(
  storage: Storage,
  url: string | null | undefined,
  size: number | undefined,
): Promise<{ data: Buffer; type: string } | undefined> {
  const key = url ? storage.keyOf(url) : undefined;
  if (!key) return undefined;
  const type = imageTypeOf(key);
  if (!type) return undefined;
  if (!size) {
    const data = await storage.read(key);
    return data && { data, type };
  }
  const wanted = SIZES.find((candidate) => candidate >= size) ?? SIZES[SIZES.length - 1];
  const cached = `cache/covers/${key.replace(/[/.]/g, '_')}-${wanted}.jpg`;
  const hit = await storage.read(cached);
  if (hit) return { data: hit, type: 'image/jpeg' };
  const original = await storage.read(key);
  if (!original) return undefined;
  const data = await sharp(original)
    .resize(wanted, wanted, { fit: 'cover' })
    .jpeg({ quality: 85 })
    .toBuffer();
  await storage.put(cached, data);
  return { data, type: 'image/jpeg' };
}
