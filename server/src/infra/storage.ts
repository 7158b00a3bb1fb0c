import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

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

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
};

/** Serves public files at /storage/<key>; unknown kinds go out as downloads, never as pages. */
export async function storageRoutes(
  app: FastifyInstance,
  { storage }: { storage: Storage },
): Promise<void> {
  app.get('/storage/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    let data: Buffer | undefined;
    try {
      data = await storage.read(rest);
    } catch {
      data = undefined;
    }
    if (!data) return reply.status(404).send({ message: 'Not found.' });
    const extension = rest.split('.').pop()?.toLowerCase() ?? '';
    return reply
      .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
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
