import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { integer, paginationQuerySchema, paginationSchema } from '@cadenza/contracts/http';
import {
  completeMultipartBodySchema,
  deleteEntriesBodySchema,
  fileEntrySchema,
  multipartCreateBodySchema,
  multipartKeyBodySchema,
  presignBodySchema,
  problemText,
  s3EntryBodySchema,
  signPartsBodySchema,
  tooLarge,
  tusEntryBodySchema,
  uploadMetadataSchema,
} from '@cadenza/contracts/uploads';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { sendFile } from '../../core/send-file.js';
import { uuidv7 } from '../../infra/uuid.js';
import { isStorageFull, type FileDisk, type S3Disk } from '../../infra/file-disk.js';
import type { DirectUploadsService } from './direct-uploads.service.js';
import { USER_FILES_PATH } from './user-file-links.js';
import {
  parseUploadMetadata,
  TUS_PATH,
  UPLOAD_ID_HEADER,
  UPLOADER_HEADER,
  type TusService,
} from './tus.js';
import {
  localArrival,
  objectArrival,
  type Uploader,
  type UploadsService,
} from './uploads.service.js';

const signedIn = { auth: true } as const;

/**
 * Uploaded content never runs as part of the app, whatever it holds: its own policy loads
 * nothing and sandboxes the document (no script, no origin), in place of the page's.
 */
const userFileHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], sandbox: [] },
  },
};
/** Types a browser runs script in when it shows them: only ever downloaded, never shown. */
const SCRIPTABLE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|(text|application)\/xml)$|\+xml$/;
const fileQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });

/**
 * Tells the tus server who uploads and which upload the route checked, in headers only this
 * server sets: values the client sent are dropped first. The tus server reads the raw header
 * list, so both views are changed.
 */
function setTrusted(request: FastifyRequest, userId: number, uploadId: string | undefined) {
  const raw = request.raw;
  const trusted = new Set([UPLOADER_HEADER, UPLOAD_ID_HEADER]);
  const kept: string[] = [];
  for (let index = 0; index < raw.rawHeaders.length; index += 2) {
    if (!trusted.has(raw.rawHeaders[index]!.toLowerCase())) {
      kept.push(raw.rawHeaders[index]!, raw.rawHeaders[index + 1]!);
    }
  }
  delete raw.headers[UPLOAD_ID_HEADER];
  kept.push(UPLOADER_HEADER, String(userId));
  raw.headers[UPLOADER_HEADER] = String(userId);
  if (uploadId) {
    kept.push(UPLOAD_ID_HEADER, uploadId);
    raw.headers[UPLOAD_ID_HEADER] = uploadId;
  }
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
}
const entryResponse = { 200: z.object({ fileEntry: fileEntrySchema }) };

async function uploaderOf(request: FastifyRequest): Promise<Uploader> {
  return {
    id: request.user!.id,
    permissions: await request.permissions(),
    workspaceId: request.workspaceId,
  };
}

/** A tus upload's `parentId` metadata: a folder entry's id, or none. */
function parentIdOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) {
    throw AppError.validation({ parentId: 'The folder to upload into is not valid.' });
  }
  return id;
}

/** The metadata field of a form upload: JSON, checked like the other kinds' metadata. */
function metadataOf(text: string | undefined) {
  if (!text) return {};
  try {
    return uploadMetadataSchema.parse(JSON.parse(text));
  } catch {
    throw AppError.validation({ metadata: 'The metadata is not valid.' });
  }
}

export async function uploadsRoutes(
  app: FastifyInstance,
  {
    uploads,
    direct,
    tus,
    disk,
    tempDir,
  }: {
    uploads: UploadsService;
    direct: DirectUploadsService;
    tus: TusService;
    disk: FileDisk;
    tempDir: string;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The size limit is the setting's, counted below; the plugin only keeps the form to one file.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });
  await fs.mkdir(tempDir, { recursive: true });

  /** Form upload (spec §7): the file streams to a temporary file, never whole into memory. */
  r.post(
    '/api/v1/file-entries',
    { config: signedIn, schema: { response: entryResponse } },
    async (request) => {
      const uploader = await uploaderOf(request);
      await uploads.assertSpace(uploader, 0);
      if (!request.isMultipart()) throw AppError.validation({ file: 'Choose a file to upload.' });
      const { maxSize = 0 } = await uploads.restrictions();
      const fields = new Map<string, string>();
      let arrived: { file: string; name: string; mime: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields.set(part.fieldname, String(part.value));
            continue;
          }
          if (part.fieldname !== 'file' || arrived) {
            part.file.resume();
            continue;
          }
          const file = path.join(tempDir, uuidv7());
          arrived = { file, name: part.filename, mime: part.mimetype };
          let bytes = 0;
          const limit = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              bytes += chunk.length;
              if (maxSize && bytes > maxSize) {
                const message = problemText(tooLarge(part.filename, maxSize));
                done(AppError.validation({ file: message }, message));
              } else done(null, chunk);
            },
          });
          await pipeline(part.file, limit, createWriteStream(file));
        }
      } catch (error) {
        if (arrived) await fs.rm(arrived.file, { force: true });
        if (error instanceof AppError || isStorageFull(error)) throw error;
        throw new AppError(
          400,
          'The upload could not be read. Send it again as multipart/form-data.',
        );
      }
      if (!arrived) throw AppError.validation({ file: 'Choose a file to upload.' });
      const metadata = metadataOf(fields.get('metadata'));
      const fileEntry = await uploads.store(uploader, localArrival(arrived.file, disk), {
        clientName: arrived.name,
        clientMime: fields.get('clientMime') ?? arrived.mime,
        clientExtension: fields.get('clientExtension'),
        relativePath: metadata.relativePath,
        parentId: metadata.parentId,
      });
      return { fileEntry };
    },
  );

  r.get(
    '/api/v1/file-entries',
    {
      config: signedIn,
      schema: {
        querystring: paginationQuerySchema,
        response: { 200: paginationSchema(fileEntrySchema) },
      },
    },
    async (request) => ({
      pagination: await uploads.list(await uploaderOf(request), request.query),
    }),
  );

  r.post(
    '/api/v1/file-entries/delete',
    { config: signedIn, schema: { body: deleteEntriesBodySchema } },
    async (request) => {
      await uploads.remove(request.user!.id, request.body);
      return { message: 'Deleted.' };
    },
  );

  /**
   * The file of an entry, with its type, a safe disposition and byte ranges; or, when another
   * origin serves user content, a redirect to its signed link there.
   */
  r.get(
    '/api/v1/file-entries/:id',
    {
      config: { ...signedIn, securityHeaders: userFileHeaders },
      schema: { params: z.object({ id: integer({ min: 1 }) }), querystring: fileQuery },
    },
    async (request, reply) => {
      const row = await uploads.readable(request.user!.id, request.params.id);
      if (!uploads.links) return serveEntry(request, reply, row);
      const download = request.query.download ? `?download=${request.query.download}` : '';
      return reply
        .header('cache-control', 'private, no-store')
        .redirect(uploads.links.url(row.id) + download, 302);
    },
  );

  /**
   * A file on the user-content origin, by its signed link: no session there, the link is the
   * permission. Only that origin serves these links, so that no upload runs on the app's own.
   */
  r.get(
    `${USER_FILES_PATH}/:id/:token`,
    {
      config: { cookieless: true, securityHeaders: userFileHeaders },
      schema: {
        params: z.object({ id: integer({ min: 1 }), token: z.string().max(100) }),
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      if (!uploads.links || request.host !== uploads.links.host) {
        throw AppError.notFound('Files are served from the user-content address only.');
      }
      return serveEntry(
        request,
        reply,
        await uploads.linked(request.params.id, request.params.token),
      );
    },
  );

  async function serveEntry(
    request: FastifyRequest,
    reply: FastifyReply,
    row: Awaited<ReturnType<UploadsService['readable']>>,
  ) {
    const download =
      SCRIPTABLE.test(row.mime.toLowerCase()) ||
      ['1', 'true'].includes((request.query as { download?: string }).download ?? '');
    await sendFile(request, reply, {
      size: Number(row.size),
      etag: `"${row.hash.slice(0, 32)}"`,
      lastModified: new Date(row.updated_at),
      type: row.mime,
      cacheControl: 'private, no-cache',
      disposition: { kind: download ? 'attachment' : 'inline', filename: row.name },
      body: (range) => uploads.read(row, range),
    });
    return reply;
  }

  // Resumable uploads (tus 1.0). Chunks stream to the tus server untouched.
  await app.register(async (tusScope) => {
    tusScope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      if (await tus.disabled()) throw AppError.forbidden('Resumable uploads are turned off.');
      const uploader = await uploaderOf(request);
      // The one id the tus server acts on: the path's, once its owner is checked, or the one
      // chosen here for a new upload. Without either, it acts on none.
      let uploadId = (request.params as { id?: string }).id;
      const creating = !uploadId && request.method === 'POST';
      if (uploadId && !(await tus.owned(uploadId, uploader.id))) {
        return reply.status(404).type('text/plain').send('The file for this url was not found\n');
      }
      if (creating) {
        const metadata = parseUploadMetadata(
          request.headers['upload-metadata'] as string | undefined,
        );
        const size = Number(request.headers['upload-length']);
        if (!Number.isSafeInteger(size) || size < 0) {
          throw new AppError(
            400,
            'Send the file’s size in Upload-Length: uploads of unknown length are not taken.',
          );
        }
        uploadId = await uploads.openResumable(uploader, {
          clientName: metadata.clientName || metadata.name || '',
          clientMime: metadata.clientMime,
          clientExtension: metadata.clientExtension,
          relativePath: metadata.relativePath,
          parentId: parentIdOf(metadata.parentId),
          disk: metadata.disk,
          size,
        });
      }
      // A cancelled upload counts no more from before its answer, so the next upload the
      // client starts on hearing it finds the space free (tus-js-client cancels by override).
      const override = request.headers['x-http-method-override'];
      const method = typeof override === 'string' ? override.toUpperCase() : request.method;
      if (uploadId && method === 'DELETE') await uploads.closeResumable(uploadId);
      setTrusted(request, uploader.id, uploadId);
      reply.hijack();
      await tus.handle(request.raw, reply.raw, async (status) => {
        // An upload the tus server did not create counts no more, before the client hears so.
        if (uploadId && creating && status !== 201) await uploads.closeResumable(uploadId);
      });
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    tusScope.route({ method: [...methods], url: TUS_PATH, config: signedIn, handler: handle });
    tusScope.route({
      method: [...methods],
      url: `${TUS_PATH}/:id`,
      config: signedIn,
      handler: handle,
    });
  });

  r.post(
    '/api/v1/tus/entries',
    { config: signedIn, schema: { body: tusEntryBodySchema, response: entryResponse } },
    async (request) => {
      const uploader = await uploaderOf(request);
      // The key may come as the upload's URL; its last segment is the id.
      const id = request.body.uploadKey.split('/').filter(Boolean).pop() ?? '';
      const upload = await tus.owned(id, uploader.id);
      if (!upload) throw AppError.notFound('This upload was not found.');
      if (upload.size === undefined || upload.offset !== upload.size) {
        throw new AppError(409, 'The upload is not complete yet.');
      }
      // From here its bytes count as the entry they become (or are refused), not as declared.
      await uploads.closeResumable(id);
      const where = tus.location(id);
      const arrived =
        where.kind === 'local'
          ? localArrival(where.file, disk)
          : objectArrival(disk as S3Disk, where.key);
      const metadata = upload.metadata ?? {};
      try {
        const fileEntry = await uploads.store(uploader, arrived, {
          clientName: metadata.clientName || metadata.name || '',
          clientMime: metadata.clientMime ?? undefined,
          clientExtension: metadata.clientExtension ?? undefined,
          relativePath: metadata.relativePath ?? undefined,
          parentId: parentIdOf(metadata.parentId ?? undefined),
        });
        return { fileEntry };
      } finally {
        await tus.forget(id);
      }
    },
  );

  // Direct to storage (S3-compatible disks with direct upload on).
  r.post(
    '/api/v1/s3/simple/presign',
    { config: signedIn, schema: { body: presignBodySchema } },
    async (request) => direct.presign(await uploaderOf(request), request.body),
  );
  r.post(
    '/api/v1/s3/multipart/create',
    { config: signedIn, schema: { body: multipartCreateBodySchema } },
    async (request) => direct.createMultipart(await uploaderOf(request), request.body),
  );
  r.post(
    '/api/v1/s3/multipart/get-uploaded-parts',
    { config: signedIn, schema: { body: multipartKeyBodySchema } },
    async (request) => ({
      parts: await direct.uploadedParts(request.user!.id, request.body.key, request.body.uploadId),
    }),
  );
  r.post(
    '/api/v1/s3/multipart/batch-sign-part-urls',
    { config: signedIn, schema: { body: signPartsBodySchema } },
    async (request) =>
      direct.signParts(
        request.user!.id,
        request.body.key,
        request.body.uploadId,
        request.body.partNumbers,
      ),
  );
  r.post(
    '/api/v1/s3/multipart/complete',
    { config: signedIn, schema: { body: completeMultipartBodySchema } },
    async (request) =>
      direct.complete(
        request.user!.id,
        request.body.key,
        request.body.uploadId,
        request.body.parts,
      ),
  );
  r.post(
    '/api/v1/s3/multipart/abort',
    { config: signedIn, schema: { body: multipartKeyBodySchema } },
    async (request) => {
      await direct.abort(request.user!.id, request.body.key, request.body.uploadId);
      return { message: 'Aborted.' };
    },
  );
  r.post(
    '/api/v1/s3/entries',
    { config: signedIn, schema: { body: s3EntryBodySchema, response: entryResponse } },
    async (request) => ({ fileEntry: await direct.entry(await uploaderOf(request), request.body) }),
  );
}
