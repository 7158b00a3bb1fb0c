import crypto, { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import {
  findPermission,
  PERMISSIONS,
  SUPER_PERMISSION,
  type Permission,
} from '@cadenza/contracts/permissions';
import {
  formatFileSize,
  problemText,
  restrictionError,
  restrictionProblem,
  TOO_LARGE_MESSAGE,
  type FileEntry,
  type UploadRestrictions,
} from '@cadenza/contracts/uploads';
import { paginated } from '@cadenza/contracts/http';
import { cleanText } from '@cadenza/contracts/text';
import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { isMissingFile, readHead, type FileDisk, type S3Disk } from '../../infra/file-disk.js';
import { uuidv7 } from '../../infra/uuid.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import * as repo from './uploads.repo.js';
import type { FileEntryRow } from './uploads.table.js';
import type { UserFileLinks } from './user-file-links.js';

/** Uploading needs this permission; its `space` restriction caps the bytes a user may keep. */
const FILES_CREATE = PERMISSIONS.filesCreate;
/** Enough of a file's start for every signature the type sniffer knows. */
const SNIFF_BYTES = 4100;
/** Types a text file may keep from the client; any other text is plain text. */
const TEXT_TYPES = /^(text\/(plain|csv|markdown)|application\/json)$/;
/** How many resumable uploads one user may have started and not finished. */
export const MAX_UNFINISHED_UPLOADS = 20;
/** The disk a client may name in an upload's metadata (spec §7). */
export const UPLOADS_DISK = 'uploads';

/** Who uploads: the signed-in user, their permissions and the active workspace (0: none). */
export interface Uploader {
  id: number;
  permissions: Permission[];
  workspaceId: number;
}

/** What the client said about a file; checked, never trusted for its type. */
export interface ClientFile {
  clientName: string;
  clientMime?: string | undefined;
  clientExtension?: string | undefined;
  relativePath?: string | undefined;
  parentId?: number | undefined;
  /** Spec §7's `disk`: uploads go to the private `uploads` disk, the only one they may name. */
  disk?: string | undefined;
}

/** A file that arrived and waits to become an entry: a local temporary file, or an object. */
export interface ArrivedFile {
  size(): Promise<number | undefined>;
  head(bytes: number): Promise<Buffer>;
  hash(): Promise<string>;
  /** Puts it at its final key on the disk. */
  keep(key: string): Promise<void>;
  discard(): Promise<void>;
}

export function localArrival(file: string, disk: FileDisk): ArrivedFile {
  return {
    size: () =>
      fs.stat(file).then(
        (stat) => stat.size,
        () => undefined,
      ),
    head: (bytes) => readHead(file, bytes),
    async hash() {
      const digest = crypto.createHash('sha256');
      for await (const chunk of createReadStream(file)) digest.update(chunk as Buffer);
      return digest.digest('hex');
    },
    keep: (key) => disk.adopt(file, key),
    discard: () => fs.rm(file, { force: true }),
  };
}

/** An object already in the bucket (a direct upload, or a finished resumable one on S3). */
export function objectArrival(disk: S3Disk, objectKey: string): ArrivedFile {
  return {
    size: () => disk.size(objectKey),
    head: (bytes) => disk.head(objectKey, bytes),
    // Reading a large object back only to hash it would double its transfer: the store's
    // entity tag stands for its content.
    hash: () => disk.etag(objectKey),
    async keep(key) {
      if (key === objectKey) return;
      await disk.copy(objectKey, key);
      await disk.delete(objectKey);
    },
    discard: () => disk.delete(objectKey),
  };
}

// Control characters (NUL and the like) have no place in a name or a path.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// Characters that do not show (zero-width space, word joiner, direction marks, byte-order mark):
// a name holding them reads as another one ("invoice.pdf" that is not).
const INVISIBLE = /[\u200B\u200E\u200F\u2060-\u2064\uFEFF]/g;

/**
 * A name shown to people: the last part of what the client sent, without control characters,
 * and cleaned of direction overrides and invisible characters, however the file arrived.
 */
export function checkName(name: string): string {
  const clean = cleanText(name).replace(INVISIBLE, '').trim();
  if (
    !clean ||
    clean.length > 255 ||
    CONTROL.test(name) ||
    /[/\\]/.test(clean) ||
    /^\.+$/.test(clean)
  ) {
    throw AppError.validation({ file: 'The file name is not valid.' });
  }
  return clean;
}

/** A folder upload's path: plain segments, none of them climbing out. */
export function checkRelativePath(relativePath: string | undefined): string | null {
  if (!relativePath) return null;
  const segments = relativePath.split('/');
  if (
    relativePath.length > 1000 ||
    CONTROL.test(relativePath) ||
    relativePath.includes('\\') ||
    segments.some((segment) => segment === '..' || segment === '.')
  ) {
    throw AppError.validation({ file: 'The folder path is not valid.' });
  }
  return segments.filter(Boolean).join('/') || null;
}

const cleanExtension = (extension: string | undefined, name: string) => {
  const wanted = (extension || name.split('.').pop() || '').toLowerCase().replace(/^\./, '');
  return /^[a-z0-9]{1,10}$/.test(wanted) ? wanted : 'bin';
};

/**
 * The type of a file by its content: its signature when it has one, else text when it reads as
 * UTF-8 text, else unknown binary. The client's word counts only for kinds of text, and its
 * extension only when that extension's files have no signature to show: a text named `x.png` is
 * a `.txt`, so that `allowed_types` judges what the file is, not what it is called.
 */
export async function sniffType(head: Buffer, file: ClientFile) {
  const found = await fileTypeFromBuffer(head);
  if (found) return { mime: found.mime as string, extension: found.ext as string };
  // The sample may end inside a character: judge the text by all but its last three bytes.
  const sample = head.subarray(0, Math.max(0, head.length - 3));
  const text = !head.includes(0) && isUtf8(sample);
  const claimed = cleanExtension(file.clientExtension, file.clientName);
  const lied = supportedExtensions.has(claimed as never);
  const extension = lied ? (text ? 'txt' : 'bin') : claimed;
  if (!text) return { mime: 'application/octet-stream', extension };
  const declared = file.clientMime?.toLowerCase() ?? '';
  return { mime: TEXT_TYPES.test(declared) ? declared : 'text/plain', extension };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService(deps: {
  db: Kysely<Database>;
  disk: FileDisk;
  settings: SettingsService;
  workspaces: WorkspacesService;
  /** Links to files on the user-content origin, when there is one. */
  links?: UserFileLinks | undefined;
  /** Told of each file stored (the uploads metric). */
  onStored?: () => void;
}) {
  const { db, disk, settings, workspaces, links } = deps;

  async function restrictions(): Promise<UploadRestrictions> {
    return {
      maxSize: await settings.get('uploads.max_size'),
      allowed: await settings.get('uploads.allowed_types'),
      blocked: await settings.get('uploads.blocked_types'),
    };
  }

  const present = (row: FileEntryRow): FileEntry => ({
    id: row.id,
    name: row.name,
    file_name: row.file_name,
    mime: row.mime,
    extension: row.extension,
    size: Number(row.size),
    disk: row.disk,
    hash: row.hash,
    parent_id: row.parent_id,
    workspace_id: row.workspace_id,
    owner_id: row.user_id,
    url: links ? links.url(row.id) : `/api/v1/file-entries/${row.id}`,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  const service = {
    restrictions,
    present,

    /**
     * Checks what a client declares before it sends anything (a resumable or direct upload):
     * its name, size and declared type against the restrictions, and the uploader's space.
     */
    async admit(uploader: Uploader, file: ClientFile & { size: number }): Promise<void> {
      const name = checkName(file.clientName);
      checkRelativePath(file.relativePath);
      if (file.disk !== undefined && file.disk !== UPLOADS_DISK) {
        throw AppError.validation({ disk: `Files are uploaded to the "${UPLOADS_DISK}" disk.` });
      }
      // A folder to upload into is one the uploader may read, known before any byte is sent.
      if (file.parentId !== undefined) await service.readable(uploader.id, file.parentId);
      const problem = restrictionProblem(
        {
          name,
          size: file.size,
          mime: file.clientMime ?? '',
          extension: cleanExtension(file.clientExtension, name),
        },
        await restrictions(),
      );
      if (problem) {
        const message = problemText(problem);
        // Too large a declared size is 413, as a tus server answers it; a type, 422.
        const status = problem.message === TOO_LARGE_MESSAGE ? 413 : 422;
        throw new AppError(status, message, { errors: { file: message } });
      }
      await service.assertSpace(uploader, file.size);
    },

    /**
     * The plan's storage space (`files.create` restriction `space`, in bytes), counting the
     * stored files and the lengths that unfinished resumable uploads declared.
     */
    async assertSpace(uploader: Uploader, size: number, executor = db): Promise<void> {
      if (uploader.permissions.some((p) => p.name === SUPER_PERMISSION)) return;
      const permission = findPermission(uploader.permissions, FILES_CREATE);
      if (!permission) throw AppError.forbidden('Your plan does not include uploading files.');
      const limit = permission.restrictions.find((r) => r.name === 'space')?.value;
      if (typeof limit !== 'number') return;
      const used = await repo.usedSpace(executor, uploader.id);
      const open = await repo.openTusUploads(executor, uploader.id);
      if (used + open.declared + size > limit) {
        const fits = `This file does not fit in your ${formatFileSize(limit)} of storage`;
        throw AppError.upgradeRequired(
          open.count
            ? `${fits}: ${open.count === 1 ? 'an unfinished upload holds' : `${open.count} unfinished uploads hold`} ${formatFileSize(open.declared)} of it until finished or cancelled. Finish or cancel uploads, delete files or upgrade your plan for more space.`
            : `${fits}. Delete files or upgrade your plan for more space.`,
        );
      }
    },

    /**
     * Admits a resumable upload before its first byte, and counts it against the uploader from
     * then on: the length it declares takes its share of the space, and at most
     * MAX_UNFINISHED_UPLOADS may be open at once. Answers the id the upload is to have.
     */
    async openResumable(uploader: Uploader, file: ClientFile & { size: number }): Promise<string> {
      await service.admit(uploader, file);
      const id = randomBytes(16).toString('hex');
      await db.transaction().execute(async (trx) => {
        await repo.lockUploader(trx, uploader.id);
        const open = await repo.openTusUploads(trx, uploader.id);
        if (open.count >= MAX_UNFINISHED_UPLOADS) {
          throw AppError.forbidden(
            `You have ${open.count} unfinished uploads, the most one account may have at once (${MAX_UNFINISHED_UPLOADS}). Finish or cancel one of them before starting another.`,
          );
        }
        await service.assertSpace(uploader, file.size, trx);
        await repo.insertOpenTusUpload(trx, {
          id,
          user_id: uploader.id,
          declared_length: file.size,
          created_at: new Date().toISOString(),
        });
      });
      return id;
    },

    /** A resumable upload that finished, was cancelled, refused or expired: it counts no more. */
    closeResumable: (id: string) => repo.deleteOpenTusUpload(db, id),

    /** Stops counting open uploads older than `maxAgeMs` that `exists` no longer finds. */
    async closeVanishedResumables(
      maxAgeMs: number,
      exists: (id: string) => Promise<boolean>,
    ): Promise<number> {
      const old = await repo.openTusUploadsBefore(
        db,
        new Date(Date.now() - maxAgeMs).toISOString(),
      );
      let closed = 0;
      for (const { id } of old) {
        if (await exists(id)) continue;
        await repo.deleteOpenTusUpload(db, id);
        closed += 1;
      }
      return closed;
    },

    /**
     * Makes an entry of a file that arrived: its real type from its content, the restrictions
     * and the space checked again on what it really is, then moved to a key of the server's
     * choosing. A file refused here is deleted: nothing half-stored stays behind.
     */
    async store(uploader: Uploader, arrived: ArrivedFile, file: ClientFile): Promise<FileEntry> {
      try {
        const name = checkName(file.clientName);
        const relativePath = checkRelativePath(file.relativePath);
        const size = await arrived.size();
        if (size === undefined) throw AppError.validation({ file: 'The file was not uploaded.' });
        const type = await sniffType(await arrived.head(SNIFF_BYTES), {
          ...file,
          clientName: name,
        });
        const limits = await restrictions();
        // Allowed types are judged by the content; blocked ones by the content and the name.
        const error =
          restrictionError({ name, size, ...type }, limits) ??
          restrictionError(
            { name, size, mime: type.mime, extension: cleanExtension(file.clientExtension, name) },
            { blocked: limits.blocked ?? [] },
          );
        if (error) throw AppError.validation({ file: error }, error);
        await service.assertSpace(uploader, size);
        if (file.parentId) await service.readable(uploader.id, file.parentId);

        const fileName = uuidv7();
        const key = `uploads/${fileName.slice(0, 8)}/${fileName}`;
        const hash = await arrived.hash();
        await arrived.keep(key);
        const now = new Date().toISOString();
        const row = await repo.insertEntry(db, {
          name,
          file_name: fileName,
          mime: type.mime,
          extension: type.extension,
          size,
          disk: disk.kind,
          path: key,
          relative_path: relativePath,
          hash,
          user_id: uploader.id,
          workspace_id: uploader.workspaceId || null,
          parent_id: file.parentId ?? null,
          deleted_at: null,
          created_at: now,
          updated_at: now,
        });
        deps.onStored?.();
        return present(row);
      } catch (error) {
        await arrived.discard().catch(() => undefined);
        throw error;
      }
    },

    links,

    /** An entry a signed link names; an expired or forged link finds nothing. */
    async linked(id: number, token: string): Promise<FileEntryRow> {
      const row = links?.holds(id, token) ? await repo.findEntry(db, id) : undefined;
      if (!row) {
        throw AppError.notFound('This link has expired or is not valid. Open the file again.');
      }
      return row;
    },

    /** An entry the user may read: theirs, or one of a workspace they belong to. */
    async readable(userId: number, id: number): Promise<FileEntryRow> {
      const row = await repo.findEntry(db, id);
      const allowed =
        row &&
        (row.user_id === userId ||
          (row.workspace_id !== null && (await workspaces.isMember(row.workspace_id, userId))));
      if (!row || !allowed) throw AppError.notFound('This file was not found.');
      return row;
    },

    /** The files of the active workspace, or the user's own; workspace membership was checked. */
    async list(uploader: Uploader, page: { page: number; perPage: number }) {
      const { rows, total } = await repo.listEntries(
        db,
        { userId: uploader.id, workspaceId: uploader.workspaceId },
        { limit: page.perPage, offset: (page.page - 1) * page.perPage },
      );
      return paginated(rows.map(present), total, page);
    },

    async read(row: FileEntryRow, range?: { start: number; end: number }) {
      try {
        return await disk.read(row.path, range);
      } catch (error) {
        if (isMissingFile(error)) throw AppError.notFound('This file is no longer in storage.');
        throw error;
      }
    },

    /** Moves the user's entries to the trash, or deletes them and their files for good. */
    async remove(
      userId: number,
      {
        entryIds = [],
        paths = [],
        deleteForever = false,
      }: {
        entryIds?: number[];
        paths?: string[];
        deleteForever?: boolean;
      },
    ): Promise<void> {
      const rows = await repo.findEntries(db, { ids: entryIds, paths });
      const wanted = new Set([...entryIds, ...paths]);
      const found = rows.filter((row) => wanted.has(row.id) || wanted.has(row.path));
      // Another user's entry answers like a missing one, and nothing is deleted.
      if (found.length < wanted.size || found.some((row) => row.user_id !== userId)) {
        throw AppError.notFound('This file was not found.');
      }
      const ids = found.map((row) => row.id);
      if (!deleteForever) return repo.trashEntries(db, ids, new Date().toISOString());
      await Promise.all(found.map((row) => disk.delete(row.path)));
      await repo.deleteEntries(db, ids);
    },
  };
  return service;
}
