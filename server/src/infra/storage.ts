import fs from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_WIDTHS, STORAGE_URL_PREFIX } from '@cadenza/contracts/pictures';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sharp } from './sharp.js';

/** Where public files live: local disk under DATA_DIR now; S3-compatible storage later. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix/`. */
  deleteFolder(prefix: string): Promise<void>;
  read(key: string): Promise<Buffer | undefined>;
  /** The URL the app serves the file at. */
  url(key: string): string;
  /** The key of a URL this storage handed out, or undefined. */
  keyOf(url: string): string | undefined;
}

/** Keys are relative paths of plain segments; nothing can climb out of the root. */
export function safeKey(key: string): string {
  const parts = key.split('/');
  if (parts.some((part) => !/^[\w.-]+$/.test(part) || part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return parts.join('/');
}

/** Local disk under a root folder (DATA_DIR/storage). */
export class LocalStorage implements Storage {
  private readonly inner: Storage;

  constructor(readonly root: string) {
    this.inner = localStorage(root);
  }

  put = (key: string, data: Buffer) => this.inner.put(key, data);
  delete = (key: string) => this.inner.delete(key);
  deleteFolder = (prefix: string) => this.inner.deleteFolder(prefix);
  read = (key: string) => this.inner.read(key);
  url = (key: string) => this.inner.url(key);
  keyOf = (url: string) => this.inner.keyOf(url);
}

// Only pictures are public files. Audio is never served from here: the catalogue's files go out
// through the stream route, which checks the listening permission.
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The type of a public picture by its key, or undefined for anything else. */
export const imageTypeOf = (key: string): string | undefined =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''];

/** Where the copy of a picture at a width is kept: beside it, so it goes when its folder goes. */
const copyKeyOf = (key: string, width: number) => `${key.replace(/\.[^./]+$/, '')}.w${width}.webp`;
const isCopy = (key: string) => /\.w\d+\.webp$/.test(key);

/** The width of the copy a `?w=` asks for: the nearest one made, at least as wide. */
function copyWidthOf(asked: unknown): number | undefined {
  const width = typeof asked === 'string' ? Number(asked) : NaN;
  if (!(width > 0)) return undefined;
  return PICTURE_WIDTHS.find((candidate) => candidate >= width) ?? PICTURE_WIDTHS.at(-1);
}

/**
 * A picture at a width: made from the original once (never enlarged) and kept beside it. An
 * animation, or a picture sharp cannot read, goes out as it is.
 */
async function copyAtWidth(
  storage: Storage,
  key: string,
  width: number,
): Promise<{ data: Buffer; type: string } | undefined> {
  const copyKey = copyKeyOf(key, width);
  const copy = await storage.read(copyKey);
  if (copy) return { data: copy, type: 'image/webp' };
  const original = await storage.read(key);
  const type = imageTypeOf(key)!;
  if (!original || type === 'image/gif') return original && { data: original, type };
  try {
    const data = await sharp(original)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await storage.put(copyKey, data);
    return { data, type: 'image/webp' };
  } catch {
    return { data: original, type };
  }
}

/**
 * Files under `prefix` that only some may see (a private playlist's picture): `allows` decides
 * for each request, and such files are never kept in shared caches.
 */
export interface StorageGuard {
  prefix: string;
  allows(key: string, request: FastifyRequest): Promise<boolean>;
}

/**
 * Serves public pictures at /storage/<key> (`?w=` for a smaller copy), each guarded file only to
 * those its guard allows.
 */
export async function storageRoutes(
  app: FastifyInstance,
  { storage, guards = [] }: { storage: Storage; guards?: StorageGuard[] },
): Promise<void> {
  app.get('/storage/*', { config: { session: 'read' } }, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const notFound = () => reply.status(404).send({ message: 'Not found.' });
    const type = imageTypeOf(rest);
    if (!type) return notFound();
    const guard = guards.find((candidate) => rest.startsWith(candidate.prefix));
    // A file someone may not see answers like a missing one, so keys reveal nothing.
    if (guard && !(await guard.allows(rest, request))) return notFound();
    // A copy is not copied again: each picture has at most one copy per width.
    const width = isCopy(rest) ? undefined : copyWidthOf((request.query as { w?: unknown }).w);
    let picture: { data: Buffer; type: string } | undefined;
    try {
      picture = width
        ? await copyAtWidth(storage, rest, width)
        : await storage.read(rest).then((data) => data && { data, type });
    } catch {
      picture = undefined;
    }
    if (!picture) return notFound();
    return reply
      .header('content-type', picture.type)
      .header('cache-control', guard ? 'private, no-cache' : 'public, max-age=31536000, immutable')
      .send(picture.data);
  });
}

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, ...safeKey(key).split('/'));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async delete(key) {
      // A picture's copies at smaller widths go with it.
      const keys = [key, ...(imageTypeOf(key) ? PICTURE_WIDTHS.map((w) => copyKeyOf(key, w)) : [])];
      await Promise.all(keys.map((each) => fs.rm(fileOf(each), { force: true })));
    },
    async deleteFolder(prefix) {
      await fs.rm(fileOf(prefix), { recursive: true, force: true });
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch {
        return undefined;
      }
    },
    url: (key) => `${STORAGE_URL_PREFIX}${safeKey(key)}`,
    keyOf(url) {
      if (!url.startsWith(STORAGE_URL_PREFIX)) return undefined;
      try {
        return safeKey(url.slice(STORAGE_URL_PREFIX.length).split('?')[0]!);
      } catch {
        return undefined;
      }
    },
  };
}
