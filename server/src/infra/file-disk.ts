import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config.js';
import { lazily } from './lazy-require.js';
import { safeKey } from './storage.js';
import { isUnreachableSocketCode } from './unreachable.js';

// The S3 client loads only where storage is S3.
const sdk = lazily<typeof S3Sdk>('@aws-sdk/client-s3');
const presigner = lazily<typeof S3Presigner>('@aws-sdk/s3-request-presigner');

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket. Paths are
 * chosen by the server (`safeKey`), never by a client.
 */
export interface FileDisk {
  kind: 'local' | 's3';
  /** Moves a local file (a finished upload) onto the disk. */
  adopt(localFile: string, key: string): Promise<void>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The first bytes of a file, to learn its real type. */
  head(key: string, bytes: number): Promise<Buffer>;
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
}

/** The first `bytes` bytes of a local file (fewer when it is shorter). */
export async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(file);
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function localDisk(root: string): FileDisk {
  const fileOf = (key: string) => path.join(root, ...safeKey(key).split('/'));
  const prepare = async (key: string) => {
    const file = fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    return file;
  };
  return {
    kind: 'local',
    async adopt(localFile, key) {
      const file = await prepare(key);
      try {
        await fs.rename(localFile, file);
      } catch (error) {
        // Another device: copy, then remove the original.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await fs.copyFile(localFile, file);
        await fs.rm(localFile, { force: true });
      }
    },
    async read(key, range) {
      // Opened before the answer starts: a missing file fails here, not halfway through sending.
      const handle = await fs.open(fileOf(key));
      return handle.createReadStream(range ?? {});
    },
    head: (key, bytes) => readHead(fileOf(key), bytes),
    async size(key) {
      try {
        return (await fs.stat(fileOf(key))).size;
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

export type S3Settings = NonNullable<Config['s3']>;

export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (aws-chunked bodies with trailing
    // checksums) is not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // S3-compatible servers other than AWS address buckets by path.
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    // A storage server that is away or stalls fails the request in seconds rather than holding
    // it (and its client) for good; the request timeout is for silence, not for a long transfer.
    requestHandler: {
      connectionTimeout: S3_CONNECT_TIMEOUT_MS,
      requestTimeout: S3_SILENCE_TIMEOUT_MS,
    },
    maxAttempts: 2,
    // Failures reach the caller, which answers and logs them; the SDK's own console notes would
    // only repeat each one.
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  };
}

const S3_CONNECT_TIMEOUT_MS = 2_000;
const S3_SILENCE_TIMEOUT_MS = 10_000;
/** How long a read waits for the storage server to begin its answer. */
const S3_READ_START_MS = 4_000;

/** What a client is told when the disk files are written to has no room left. */
export const STORAGE_FULL =
  "The server's storage is full, so the file was not stored. Try again later, or tell the site's admin.";

/** Whether a write failed for want of room (the disk full, or the account's quota of it). */
export function isStorageFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** What a client is told while the storage server is away. */
export const STORAGE_UNREACHABLE =
  'The service cannot reach its file storage. Try again in a few seconds.';

/** The storage server did not answer, or answered that it is in trouble: try again later. */
export class StorageUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The file storage cannot be reached', { cause });
    this.name = 'StorageUnreachableError';
  }
}

/** Whether an S3 client's error says the server is out of reach or failing, not the request. */
export function isStorageUnreachable(error: unknown): boolean {
  const { code, name, $metadata } = (error ?? {}) as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  if (isUnreachableSocketCode(code)) return true;
  if (name === 'TimeoutError') return true;
  if (error instanceof AggregateError) return error.errors.some(isStorageUnreachable);
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}

/** How long a URL signed for the browser stays valid. */
export const SIGNED_URL_SECONDS = 15 * 60;

/** Whether an error says the file is not in storage (a local file, or an object of a bucket). */
export function isMissingFile(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound';
}

/** An S3-compatible bucket, with what direct-to-storage uploads need besides the common calls. */
export class S3Disk implements FileDisk {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(s3: S3Settings) {
    this.client = new (sdk().S3Client)(s3ClientConfig(s3));
    // Outermost, after the SDK's own retries: an unreachable server is told apart from a
    // refused request, so callers answer "try again later" rather than fail.
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          throw isStorageUnreachable(error) ? new StorageUnreachableError(error) : error;
        }
      },
      { step: 'initialize', name: 'storageUnreachable' },
    );
    this.bucket = s3.bucket;
  }

  private object(key: string) {
    return { Bucket: this.bucket, Key: safeKey(key) };
  }

  async adopt(localFile: string, key: string): Promise<void> {
    const { size } = await fs.stat(localFile);
    await this.client.send(
      new (sdk().PutObjectCommand)({
        ...this.object(key),
        Body: createReadStream(localFile),
        ContentLength: size,
      }),
    );
    await fs.rm(localFile, { force: true });
  }

  async copy(fromKey: string, key: string): Promise<void> {
    await this.client.send(
      new (sdk().CopyObjectCommand)({
        ...this.object(key),
        CopySource: `${this.bucket}/${safeKey(fromKey).split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    // Someone waits for these bytes (a player, a browser): a server that does not begin to
    // answer within S3_READ_START_MS is out of reach for them, retries included. Once the answer
    // has begun, a long transfer is no fault.
    const gaveUp = new AbortController();
    const timer = setTimeout(() => gaveUp.abort(), S3_READ_START_MS);
    try {
      const answer = await this.client.send(
        new (sdk().GetObjectCommand)({
          ...this.object(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
        { abortSignal: gaveUp.signal },
      );
      return answer.Body as Readable;
    } catch (error) {
      throw gaveUp.signal.aborted ? new StorageUnreachableError(error) : error;
    } finally {
      clearTimeout(timer);
    }
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const stream = await this.read(key, { start: 0, end: bytes - 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const answer = await this.client.send(new (sdk().HeadObjectCommand)(this.object(key)));
      return answer.ContentLength;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (sdk().DeleteObjectCommand)(this.object(key)));
  }

  /** Throws unless the bucket answers (the readiness check). */
  async probe(): Promise<void> {
    await this.client.send(new (sdk().HeadBucketCommand)({ Bucket: this.bucket }));
  }

  /** The store's entity tag of an object, without quotes. */
  async etag(key: string): Promise<string> {
    const answer = await this.client.send(new (sdk().HeadObjectCommand)(this.object(key)));
    return (answer.ETag ?? '').replace(/"/g, '');
  }

  presignPut(key: string, mime: string): Promise<string> {
    return presigner().getSignedUrl(
      this.client,
      new (sdk().PutObjectCommand)({ ...this.object(key), ContentType: mime }),
      { expiresIn: SIGNED_URL_SECONDS },
    );
  }

  async createMultipart(key: string, mime: string): Promise<string> {
    const answer = await this.client.send(
      new (sdk().CreateMultipartUploadCommand)({ ...this.object(key), ContentType: mime }),
    );
    return answer.UploadId!;
  }

  async uploadedParts(key: string, uploadId: string) {
    const parts: { PartNumber: number; Size: number; ETag: string }[] = [];
    let marker: string | undefined;
    do {
      const answer = await this.client.send(
        new (sdk().ListPartsCommand)({
          ...this.object(key),
          UploadId: uploadId,
          PartNumberMarker: marker,
        }),
      );
      for (const part of answer.Parts ?? []) {
        parts.push({ PartNumber: part.PartNumber!, Size: part.Size!, ETag: part.ETag! });
      }
      marker = answer.IsTruncated ? answer.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  signPart(key: string, uploadId: string, partNumber: number): Promise<string> {
    return presigner().getSignedUrl(
      this.client,
      new (sdk().UploadPartCommand)({
        ...this.object(key),
        UploadId: uploadId,
        PartNumber: partNumber,
      }),
      { expiresIn: SIGNED_URL_SECONDS },
    );
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: { ETag: string; PartNumber: number }[],
  ): Promise<void> {
    await this.client.send(
      new (sdk().CompleteMultipartUploadCommand)({
        ...this.object(key),
        UploadId: uploadId,
        MultipartUpload: { Parts: [...parts].sort((a, b) => a.PartNumber - b.PartNumber) },
      }),
    );
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.client.send(
      new (sdk().AbortMultipartUploadCommand)({ ...this.object(key), UploadId: uploadId }),
    );
  }
}

export function fileDisk(config: Pick<Config, 'dataDir' | 's3'>): FileDisk {
  return config.s3 ? new S3Disk(config.s3) : localDisk(path.join(config.dataDir, 'files'));
}
