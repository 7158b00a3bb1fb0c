import crypto from 'node:crypto';
import { sharp } from '../../../infra/sharp.js';
import type { Storage } from '../../../infra/storage.js';

/** The side of a mix's cover, in pixels: four album covers of half of it each. */
const SIDE = 300;
const HALF = SIDE / 2;

/**
 * A mix's cover: the covers of up to four of its albums in a 2×2 mosaic (with fewer, they take
 * turns). The key is a hash of the covers, so listeners whose mixes open on the same albums share
 * one file, and a cover already made is not made again. Null when no album has a readable cover.
 */
export async function mixCover(storage: Storage, albumImages: string[]): Promise<string | null> {
  const covers = [...new Set(albumImages)].slice(0, 4);
  if (covers.length === 0) return null;
  const tiles = [0, 1, 2, 3].map(
    (i) => covers[covers.length === 2 ? [0, 1, 1, 0][i]! : i % covers.length]!,
  );
  const hash = crypto.createHash('sha256').update(tiles.join('\n')).digest('hex').slice(0, 20);
  const key = `mixes/${hash}.webp`;
  if (await storage.read(key)) return storage.url(key);
  const squares = await Promise.all(
    tiles.map(async (url) => {
      const stored = storage.keyOf(url);
      const data = stored ? await storage.read(stored) : undefined;
      if (!data) return null;
      return sharp(data)
        .resize(HALF, HALF, { fit: 'cover' })
        .toBuffer()
        .catch(() => null);
    }),
  );
  if (squares.every((square) => square === null)) return null;
  const image = await sharp({
    create: { width: SIDE, height: SIDE, channels: 3, background: '#222222' },
  })
    .composite(
      squares.flatMap((input, i) =>
        input ? [{ input, left: (i % 2) * HALF, top: Math.floor(i / 2) * HALF }] : [],
      ),
    )
    .webp({ quality: 80 })
    .toBuffer();
  await storage.put(key, image);
  return storage.url(key);
}
