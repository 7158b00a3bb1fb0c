import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

export const STORAGE_URL_PREFIX = '/storage/';

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

/**
 * Files under `prefix` that only some may see (a private playlist's picture): `allows` decides
 * for each request, and such files are never kept in shared caches.
 */
export interface StorageGuard {
  prefix: string;
  allows(key: string, request: FastifyRequest): Promise<boolean>;
}

/** Serves public pictures at /storage/<key>, each guarded file only to those its guard allows. */
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
    let data: Buffer | undefined;
    try {
      data = await storage.read(rest);
    } catch {
      data = undefined;
    }
    if (!data) return notFound();
    return reply
      .header('content-type', type)
      .header('cache-control', guard ? 'private, no-cache' : 'public, max-age=31536000, immutable')
      .send(data);
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
      await fs.rm(fileOf(key), { force: true });
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
