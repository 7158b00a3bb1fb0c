import type { FileEntry } from '@cadenza/contracts/uploads';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { S3Disk, SIGNED_URL_SECONDS, type FileDisk } from '../../infra/file-disk.js';
import { uuidv7 } from '../../infra/uuid.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './uploads.repo.js';
import {
  objectArrival,
  type ClientFile,
  type Uploader,
  type UploadsService,
} from './uploads.service.js';

/** A direct upload not completed within a day is aborted by the cleanup job. */
const DIRECT_UPLOAD_HOURS = 24;
export const DIRECT_NEEDS_S3 =
  'Direct uploads need S3-compatible storage (S3_BUCKET and its keys); on the local disk, files go through the server.';

/** Direct upload is not available here: `errors.disk` tells clients to send the file another way. */
const unavailable = (message: string) => new AppError(403, message, { errors: { disk: message } });

export interface DeclaredFile {
  filename: string;
  mime?: string | undefined;
  size: number;
  extension?: string | undefined;
  metadata?: { relativePath?: string | undefined; parentId?: number | undefined } | undefined;
}

/**
 * Uploads that go from the browser straight to S3-compatible storage: the server checks the file
 * as declared, picks the key, signs URLs valid for minutes, and records who the upload belongs
 * to; once the browser is done, the stored object is checked again (its size and real type)
 * before it becomes an entry, and deleted if it is not what was declared.
 */
export function createDirectUploadsService(deps: {
  db: Kysely<Database>;
  disk: FileDisk;
  settings: SettingsService;
  uploads: UploadsService;
}) {
  const { db, settings, uploads } = deps;

  async function bucket(): Promise<S3Disk> {
    if (!(deps.disk instanceof S3Disk)) throw unavailable(DIRECT_NEEDS_S3);
    if (!(await settings.get('uploads.direct_upload'))) {
      throw unavailable('Direct uploads are turned off.');
    }
    return deps.disk;
  }

  const clientFile = (file: DeclaredFile): ClientFile & { size: number } => ({
    clientName: file.filename,
    clientMime: file.mime,
    clientExtension: file.extension,
    relativePath: file.metadata?.relativePath,
    parentId: file.metadata?.parentId,
    size: file.size,
  });

  async function begin(
    uploader: Uploader,
    file: DeclaredFile,
    uploadId: (key: string) => Promise<string | null>,
  ) {
    await uploads.admit(uploader, clientFile(file));
    const key = `direct/${uuidv7()}`;
    const now = Date.now();
    const id = await uploadId(key);
    await repo.insertDirectUpload(db, {
      key,
      upload_id: id,
      user_id: uploader.id,
      name: file.filename,
      size: file.size,
      expires_at: new Date(now + DIRECT_UPLOAD_HOURS * 3_600_000).toISOString(),
      created_at: new Date(now).toISOString(),
    });
    return { key, uploadId: id };
  }

  /** The user's own upload under way; another user's key or upload id is not found. */
  async function own(userId: number, key: string, uploadId?: string) {
    const row = await repo.findDirectUpload(db, key);
    if (!row || row.user_id !== userId || (uploadId !== undefined && row.upload_id !== uploadId)) {
      throw AppError.notFound('This upload was not found.');
    }
    return row;
  }

  return {
    async presign(uploader: Uploader, file: DeclaredFile) {
      const disk = await bucket();
      const mime = file.mime || 'application/octet-stream';
      const { key } = await begin(uploader, file, async () => null);
      return {
        url: await disk.presignPut(key, mime),
        acl: 'private',
        key,
        expires_in: SIGNED_URL_SECONDS,
      };
    },

    async createMultipart(uploader: Uploader, file: DeclaredFile) {
      const disk = await bucket();
      const mime = file.mime || 'application/octet-stream';
      const { key, uploadId } = await begin(uploader, file, (k) => disk.createMultipart(k, mime));
      return { key, uploadId: uploadId! };
    },

    async uploadedParts(userId: number, key: string, uploadId: string) {
      const disk = await bucket();
      await own(userId, key, uploadId);
      return disk.uploadedParts(key, uploadId);
    },

    async signParts(userId: number, key: string, uploadId: string, partNumbers: number[]) {
      const disk = await bucket();
      await own(userId, key, uploadId);
      const urls = await Promise.all(
        partNumbers.map(async (partNumber) => ({
          partNumber,
          url: await disk.signPart(key, uploadId, partNumber),
        })),
      );
      return { urls };
    },

    async complete(
      userId: number,
      key: string,
      uploadId: string,
      parts: { ETag: string; PartNumber: number }[],
    ) {
      const disk = await bucket();
      const row = await own(userId, key, uploadId);
      try {
        await disk.completeMultipart(key, uploadId, parts);
      } catch {
        throw AppError.validation({ parts: 'The uploaded parts do not make up the file.' });
      }
      const size = await disk.size(key);
      if (size !== Number(row.size)) {
        await disk.delete(key).catch(() => undefined);
        await repo.deleteDirectUpload(db, key);
        throw AppError.validation({
          parts: 'The uploaded parts do not add up to the file’s size.',
        });
      }
      return { location: key };
    },

    async abort(userId: number, key: string, uploadId: string) {
      const disk = await bucket();
      await own(userId, key, uploadId);
      await disk.abortMultipart(key, uploadId).catch(() => undefined);
      await repo.deleteDirectUpload(db, key);
    },

    /** The uploaded object becomes an entry, once it proves to be what was declared. */
    async entry(
      uploader: Uploader,
      input: {
        filename: string;
        size: number;
        clientName: string;
        clientMime?: string | undefined;
        clientExtension?: string | undefined;
        metadata?: { relativePath?: string | undefined; parentId?: number | undefined } | undefined;
      },
    ): Promise<FileEntry> {
      const disk = await bucket();
      const row = await own(uploader.id, input.filename);
      const stored = await disk.size(row.key);
      if (stored !== Number(row.size) || input.size !== Number(row.size)) {
        if (stored !== undefined) await disk.delete(row.key).catch(() => undefined);
        await repo.deleteDirectUpload(db, row.key);
        throw AppError.validation({ file: 'The uploaded file is not the size that was declared.' });
      }
      try {
        return await uploads.store(uploader, objectArrival(disk, row.key), {
          clientName: input.clientName,
          clientMime: input.clientMime,
          clientExtension: input.clientExtension,
          relativePath: input.metadata?.relativePath,
          parentId: input.metadata?.parentId,
        });
      } finally {
        await repo.deleteDirectUpload(db, row.key);
      }
    },

    /** Aborts and deletes what was started but not finished in time. */
    async cleanUpExpired(): Promise<number> {
      if (!(deps.disk instanceof S3Disk)) return 0;
      const disk = deps.disk;
      const expired = await repo.expiredDirectUploads(db, new Date().toISOString());
      for (const row of expired) {
        if (row.upload_id) await disk.abortMultipart(row.key, row.upload_id).catch(() => undefined);
        await disk.delete(row.key).catch(() => undefined);
        await repo.deleteDirectUpload(db, row.key);
      }
      return expired.length;
    },
  };
}

export type DirectUploadsService = ReturnType<typeof createDirectUploadsService>;
