import { integer, paginationQuerySchema, paginationSchema } from '@cadenza/contracts/http';
import {
  importedTrackSchema,
  importJobSchema,
  importUploadSchema,
  LIBRARY_PERMISSIONS,
  libraryFolderSchema,
  setWatchSchema,
  startImportSchema,
  watchedFolderSchema,
} from '@cadenza/contracts/library';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../music/http.js';
import type { FolderWatchService } from './folder-watch.service.js';
import type { LibraryService } from './library.service.js';

const jobResponse = z.object({ job: importJobSchema });
const idParams = z.object({ id: integer({ min: 1 }) });

/**
 * Imports of server folders from the admin area: start, follow, cancel, and the history; and
 * audio files an admin uploads from the browser, imported one by one.
 */
export async function libraryRoutes(
  app: FastifyInstance,
  { library, folderWatch }: { library: LibraryService; folderWatch: FolderWatchService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: LIBRARY_PERMISSIONS.import };

  r.get(
    '/api/v1/admin/library/folders',
    {
      config,
      schema: { response: { 200: z.object({ folders: z.array(libraryFolderSchema) }) } },
    },
    async (request) => ({ folders: await library.folders(await actorOf(request)) }),
  );

  r.get(
    '/api/v1/admin/library/watched-folders',
    {
      config,
      schema: { response: { 200: z.object({ folders: z.array(watchedFolderSchema) }) } },
    },
    async (request) => ({ folders: await folderWatch.list(await actorOf(request)) }),
  );

  r.put(
    '/api/v1/admin/library/watched-folders',
    {
      config,
      schema: {
        body: setWatchSchema,
        response: { 200: z.object({ folder: watchedFolderSchema }) },
      },
    },
    async (request) => ({
      folder: await folderWatch.setWatch(
        await actorOf(request),
        request,
        request.body.folder,
        request.body.watch,
      ),
    }),
  );

  r.get(
    '/api/v1/admin/library/imports',
    {
      config,
      schema: {
        querystring: paginationQuerySchema,
        response: { 200: paginationSchema(importJobSchema) },
      },
    },
    async (request) => ({
      pagination: await library.jobs(await actorOf(request), {
        page: request.query.page,
        perPage: request.query.perPage,
      }),
    }),
  );

  r.post(
    '/api/v1/admin/library/imports',
    { config, schema: { body: startImportSchema, response: { 202: jobResponse } } },
    async (request, reply) =>
      reply.code(202).send({
        job: await library.startImport(await actorOf(request), request, request.body.folder),
      }),
  );

  r.get(
    '/api/v1/admin/library/imports/:id',
    { config, schema: { params: idParams, response: { 200: jobResponse } } },
    async (request) => ({ job: await library.getJob(await actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/v1/admin/library/imports/:id/cancel',
    { config, schema: { params: idParams, response: { 200: jobResponse } } },
    async (request) => ({
      job: await library.cancel(await actorOf(request), request, request.params.id),
    }),
  );

  // The file arrives through the uploads queue first (resumable, with its progress); this
  // imports it into the catalogue.
  r.post(
    '/api/v1/admin/library/uploads',
    {
      config,
      schema: {
        body: importUploadSchema,
        response: { 201: z.object({ track: importedTrackSchema }) },
      },
    },
    async (request, reply) => {
      const track = await library.importUpload(
        await actorOf(request),
        request,
        request.body.file_entry_id,
      );
      return reply.code(201).send({ track });
    },
  );
}
