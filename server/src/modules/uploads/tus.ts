import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FileStore } from '@tus/file-store';
import type { DataStore, Locker, Upload } from '@tus/server';
import type { MetadataValue } from '@tus/s3-store';
import type { Redis } from 'ioredis';
import {
  isStorageFull,
  isStorageUnreachable,
  s3ClientConfig,
  STORAGE_FULL,
  STORAGE_UNREACHABLE,
  type S3Disk,
  type S3Settings,
} from '../../infra/file-disk.js';
import type { PubSub } from '../../infra/pubsub.js';
import type { SettingsService } from '../settings/settings.service.js';

export const TUS_PATH = '/api/v1/tus/upload';
/** Set by our route on each request it hands to the tus server, after any client value is dropped. */
export const UPLOADER_HEADER = 'x-cadenza-uploader';
/**
 * Set likewise: the id of the upload the route checked (or, on creation, chose). The tus server
 * takes the id from it alone, never from the URL, whose query could name another upload.
 */
export const UPLOAD_ID_HEADER = 'x-cadenza-upload-id';
/** An unfinished upload is kept this long after its last chunk. */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a request waits for an upload another request holds (which is asked to let go);
 * then it answers 423, which clients retry (spec §4).
 */
export const TUS_LOCK_TIMEOUT_MS = 3_000;

/** What instances share through Redis, so an upload begun on one resumes on another. */
export interface TusSharing {
  redis: Redis;
  pubsub: PubSub;
  prefix: string;
}

/**
 * The tus 1.0 server of resumable uploads (creation, creation-with-upload, termination,
 * expiration). Uploads live in a folder under DATA_DIR, or in the bucket when storage is S3, with
 * their metadata beside them, so they survive a restart. Each records who started it. With
 * `sharing`, several instances serve the same uploads (a shared DATA_DIR, or the bucket): locks are
 * taken in Redis, and the S3 store keeps its metadata there rather than in each process.
 */
export function createTusServer({
  dataDir,
  s3,
  bucket,
  settings,
  sharing,
}: {
  dataDir: string;
  s3: S3Settings | undefined;
  /** The bucket uploads end in when storage is S3. */
  bucket: S3Disk | undefined;
  settings: SettingsService;
  sharing?: TusSharing | undefined;
}) {
  const directory = path.join(dataDir, 'tus');

  /**
   * The tus server and its store, loaded with the first upload: the libraries (and the S3 client
   * under them) weigh tens of megabytes that a server nobody uploads to does without.
   */
  async function load() {
    const { ERRORS, IoRedisKvStore, MemoryKvStore, MemoryLocker, Server } =
      await import('@tus/server');
    // The S3 store remembers each upload's metadata (its multipart id). Kept per process, another
    // instance would go on acting on an upload this one completed or removed.
    const metadataCache = sharing
      ? new IoRedisKvStore<MetadataValue>(sharing.redis, `${sharing.prefix}tus-upload:`)
      : new MemoryKvStore<MetadataValue>();
    const datastore: DataStore = s3
      ? new (await import('@tus/s3-store')).S3Store({
          s3ClientConfig: { ...s3ClientConfig(s3), bucket: s3.bucket },
          expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
          useTags: false,
          cache: metadataCache,
        })
      : new (await import('@tus/file-store')).FileStore({
          directory,
          expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
        });
    const locker: Locker = sharing
      ? new (await import('./tus-redis-locker.js')).RedisLocker({
          ...sharing,
          acquireTimeoutMs: TUS_LOCK_TIMEOUT_MS,
        })
      : new MemoryLocker({ acquireLockTimeout: TUS_LOCK_TIMEOUT_MS });
    const server = new Server({
      path: TUS_PATH,
      datastore,
      locker,
      onResponseError: (_req, error) => {
        if ('status_code' in error && error.body === ERRORS.ERR_LOCK_TIMEOUT.body) {
          return { status_code: 423, body: 'upload is currently locked; retry later\n' };
        }
        if (isStorageFull(error)) return { status_code: 507, body: `${STORAGE_FULL}\n` };
        // `handle` adds the Retry-After.
        return isStorageUnreachable(error)
          ? { status_code: 503, body: `${STORAGE_UNREACHABLE}\n` }
          : undefined;
      },
      relativeLocation: true,
      getFileIdFromRequest: (req) => req.headers.get(UPLOAD_ID_HEADER) ?? undefined,
      namingFunction(req) {
        const id = req.headers.get(UPLOAD_ID_HEADER);
        if (!id) throw new Error('A new upload needs the id its route chose.');
        return id;
      },
      maxSize: () => settings.get('uploads.max_size'),
      async onUploadCreate(req, upload) {
        return { metadata: { ...upload.metadata, uploader: req.headers.get(UPLOADER_HEADER) } };
      },
    });
    return { server, datastore, locker, metadataCache };
  }
  let loading: ReturnType<typeof load> | undefined;
  const loaded = () => (loading ??= load());

  async function find(id: string): Promise<Upload | undefined> {
    try {
      return await (await loaded()).datastore.getUpload(id);
    } catch {
      return undefined;
    }
  }

  return {
    loaded,
    /**
     * Answers a tus request (creation, chunks, status, termination). `beforeAnswer` runs once the
     * answer is known and before the client hears it, so what it records is in place by then.
     */
    handle: async (
      request: IncomingMessage,
      response: ServerResponse,
      beforeAnswer?: (status: number) => Promise<void>,
    ) => {
      const { server } = await loaded();
      const { NodeRequest, sendNodeResponse } = await import('srvx/node');
      const answer = await server.handleWeb(new NodeRequest({ req: request, res: response }));
      // The tus server sets no headers of its own on an error: a refusal says when to come back.
      if (answer.status === 503) answer.headers.set('retry-after', '5');
      await beforeAnswer?.(answer.status);
      await sendNodeResponse(response, answer);
    },
    /** Where a finished upload's bytes are: a local file, or an object key in the bucket. */
    location: (id: string) =>
      s3
        ? ({ kind: 's3', key: id } as const)
        : ({ kind: 'local', file: path.join(directory, id) } as const),
    find,
    /** The upload if this user started it; another user's answers like a missing one. */
    async owned(id: string, userId: number): Promise<Upload | undefined> {
      const upload = await find(id);
      return upload?.metadata?.uploader === String(userId) ? upload : undefined;
    },
    /**
     * Forgets an upload whose bytes became an entry (or were refused). On S3 its multipart upload
     * is complete, so the store's own removal (which aborts it first) does not apply: its objects
     * are deleted instead.
     */
    async forget(id: string): Promise<void> {
      const { datastore, metadataCache } = await loaded();
      if (!s3) await (datastore as FileStore).configstore.delete(id);
      else {
        await Promise.all([id, `${id}.info`].map((key) => bucket?.delete(key)));
        await metadataCache.delete(id);
      }
    },
    disabled: () => settings.get('uploads.disable_tus'),
    /** Deletes expired uploads; with none ever started on the local disk, there is nothing to load. */
    async cleanUpExpired(): Promise<number> {
      if (!loading && !s3 && (await fs.readdir(directory).catch(() => [])).length === 0) return 0;
      return (await loaded()).server.cleanUpExpiredUploads();
    },
  };
}

export type TusService = ReturnType<typeof createTusServer>;

/** The pairs of an Upload-Metadata header (tus 1.0: comma-separated `key base64value`). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}
