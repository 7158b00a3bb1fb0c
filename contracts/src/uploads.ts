import { z } from 'zod';
import { formatFileSize } from './file-size.js';
import { integer } from './http.js';

/** Spec §9: a form upload below 4 MB, resumable from there, direct multipart from 100 MB. */
export const FORM_UPLOAD_LIMIT = 4 * 1024 * 1024;
export const MULTIPART_FROM = 100 * 1024 * 1024;
/** Spec §9: multipart chunks are whole MB, at least 20 MB and 5 MB or size / 10,000. */
const MB = 1024 * 1024;
export const MULTIPART_MIN_CHUNK = 20 * MB;
export const SIGNED_PARTS_PER_BATCH = 10;
export const MULTIPART_PARALLEL = 5;

export function multipartChunkSize(size: number): number {
  const wanted = Math.max(MULTIPART_MIN_CHUNK, 5 * MB, size / 10_000);
  return Math.ceil(wanted / MB) * MB;
}

export const fileEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  file_name: z.string(),
  mime: z.string(),
  extension: z.string(),
  size: z.number(),
  disk: z.enum(['local', 's3']),
  hash: z.string(),
  parent_id: z.number().nullable(),
  workspace_id: z.number().nullable(),
  owner_id: z.number(),
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** Spec §7: the metadata a client sends with every kind of upload. */
export const uploadMetadataSchema = z
  .object({
    relativePath: z.string().max(1000).optional(),
    parentId: z.coerce.number().int().positive().optional(),
    disk: z.string().max(50).optional(),
  })
  .catchall(z.unknown());

export interface UploadRestrictions {
  /** Bytes; 0 or absent: no limit of its own. */
  maxSize?: number;
  /** Mime patterns ('image/*', 'audio/mpeg') or extensions ('.mp3', 'flac'). */
  allowed?: readonly string[];
  blocked?: readonly string[];
}

const matches = (pattern: string, mime: string, extension: string) => {
  const wanted = pattern.trim().toLowerCase();
  if (wanted.includes('/')) {
    return wanted.endsWith('/*')
      ? mime.toLowerCase().startsWith(wanted.slice(0, -1))
      : mime.toLowerCase() === wanted;
  }
  return wanted.replace(/^\./, '') === extension.toLowerCase().replace(/^\./, '');
};

export { formatFileSize };

/** Spec §8's messages, as translation keys with their values. */
export const TOO_LARGE_MESSAGE = '`{{file}}` exceeds maximum allowed size of {{size}}';
export const TYPE_NOT_ALLOWED_MESSAGE = 'This file type is not allowed';

export interface RestrictionProblem {
  message: string;
  values?: Record<string, string>;
}

export const tooLarge = (name: string, maxSize: number, language = 'en'): RestrictionProblem => ({
  message: TOO_LARGE_MESSAGE,
  values: { file: name, size: formatFileSize(maxSize, language) },
});

/** A problem's message with its values filled in (the server answers in English). */
export const problemText = ({ message, values = {} }: RestrictionProblem) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * Spec §5: what stops a file before it is sent (in the browser) and again once its real content
 * is known (on the server): its size, then its type.
 */
export function restrictionProblem(
  file: { name: string; size: number; mime: string; extension: string },
  restrictions: UploadRestrictions,
  language = 'en',
): RestrictionProblem | null {
  if (restrictions.maxSize && file.size > restrictions.maxSize) {
    return tooLarge(file.name, restrictions.maxSize, language);
  }
  const { allowed = [], blocked = [] } = restrictions;
  const allowedType =
    allowed.length === 0 || allowed.some((p) => matches(p, file.mime, file.extension));
  const blockedType = blocked.some((p) => matches(p, file.mime, file.extension));
  return allowedType && !blockedType ? null : { message: TYPE_NOT_ALLOWED_MESSAGE };
}

/** The restriction a file breaks, as the server words it; null when it breaks none. */
export function restrictionError(
  file: { name: string; size: number; mime: string; extension: string },
  restrictions: UploadRestrictions,
): string | null {
  const problem = restrictionProblem(file, restrictions);
  return problem && problemText(problem);
}

export const deleteEntriesBodySchema = z
  .object({
    paths: z.array(z.string().max(1000)).max(500).optional(),
    entryIds: z
      .array(integer({ min: 1 }))
      .max(500)
      .optional(),
    deleteForever: z.boolean().optional(),
  })
  .refine((body) => (body.paths?.length ?? 0) + (body.entryIds?.length ?? 0) > 0, {
    message: 'Choose the files to delete.',
    path: ['entryIds'],
  });

export const tusEntryBodySchema = z.object({ uploadKey: z.string().min(1).max(200) });

const s3File = {
  filename: z.string().trim().min(1).max(255),
  mime: z.string().max(255).optional(),
  size: integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  extension: z.string().max(20).optional(),
  metadata: uploadMetadataSchema.optional(),
};

export const presignBodySchema = z.object({ ...s3File, disk: z.string().max(50).optional() });
export const multipartCreateBodySchema = z.object(s3File);
export const multipartKeyBodySchema = z.object({
  key: z.string().min(1).max(1024),
  uploadId: z.string().min(1).max(1024),
});
export const signPartsBodySchema = multipartKeyBodySchema.extend({
  partNumbers: z
    .array(integer({ min: 1, max: 10_000 }))
    .min(1)
    .max(SIGNED_PARTS_PER_BATCH),
});
export const completeMultipartBodySchema = multipartKeyBodySchema.extend({
  parts: z
    .array(
      z.object({ ETag: z.string().min(1).max(200), PartNumber: integer({ min: 1, max: 10_000 }) }),
    )
    .min(1)
    .max(10_000),
});
export const s3EntryBodySchema = z.object({
  clientMime: z.string().max(255).optional(),
  clientName: z.string().trim().min(1).max(255),
  filename: z.string().min(1).max(1024),
  size: integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  clientExtension: z.string().max(20).optional(),
  metadata: uploadMetadataSchema.optional(),
});
