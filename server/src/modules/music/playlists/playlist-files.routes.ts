import {
  MUSIC_PERMISSIONS,
  PLAYLIST_FILE_FORMATS,
  playlistImportSchema,
} from '@cadenza/contracts/music';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { readMultipartForm } from '../../../core/multipart.js';
import { contentDisposition } from '../../../core/send-file.js';
import { idParams, listenerOf, viewerOf } from '../http.js';
import type { PlaylistFilesService } from './playlist-files.service.js';

/** Far above any playlist a person keeps (5,000 entries of long paths), far below harm. */
export const PLAYLIST_FILE_MAX_BYTES = 2 * 1024 * 1024;

export async function playlistFilesRoutes(
  app: FastifyInstance,
  { playlistFiles }: { playlistFiles: PlaylistFilesService },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PLAYLIST_FILE_MAX_BYTES, files: 1, fields: 3 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/playlists/import',
    {
      config: { auth: true, permission: MUSIC_PERMISSIONS.view },
      schema: { response: { 201: playlistImportSchema } },
    },
    async (request, reply) => {
      const listener = await listenerOf(request);
      const form = await readMultipartForm(request, { fileSize: PLAYLIST_FILE_MAX_BYTES });
      if (form.tooLarge) throw AppError.validation({ file: 'The file may be at most 2 MB.' });
      const data = form.files.get('file');
      if (!data) throw AppError.validation({ file: 'Choose a playlist file to import.' });
      const result = await playlistFiles.importFile(listener, await request.permissions(), data, {
        name: form.fields.get('name'),
        fileName: form.fields.get('file_name'),
        workspaceId: request.workspaceId,
      });
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/api/v1/playlists/:id/export',
    {
      config: { permission: MUSIC_PERMISSIONS.view },
      schema: {
        params: idParams,
        querystring: z.object({ format: z.enum(PLAYLIST_FILE_FORMATS).default('m3u8') }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const file = await playlistFiles.exportFile(
        request.params.id,
        await viewerOf(request),
        request.query.format,
      );
      return reply
        .header('content-type', file.type)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
