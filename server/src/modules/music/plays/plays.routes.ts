import fs from 'node:fs';
import { paginationSchema } from '@cadenza/contracts/http';
import { logPlaySchema, MUSIC_PERMISSIONS, trackSchema } from '@cadenza/contracts/music';
import { nowPlayingSchema } from '@cadenza/contracts/scrobbling';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { countWhileOpen } from '../../../core/http-metrics.js';
import { sendFile, sendStream } from '../../../core/send-file.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { actorOf, idParams, listenerOf, pageQuery } from '../http.js';
import type { PlaysService } from './plays.service.js';
import { browserPlayable, etagOf, readAudio } from './streaming.js';
import type { Transcoder } from './transcoder.js';
import type { OpenAudioFiles } from './open-audio-files.js';

const view = { permission: MUSIC_PERMISSIONS.view };

export async function playsRoutes(
  app: FastifyInstance,
  {
    catalogue,
    plays,
    audioFiles,
    transcoder,
  }: {
    catalogue: CatalogueService;
    plays: PlaysService;
    audioFiles: OpenAudioFiles;
    transcoder: Transcoder;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/tracks/:id/stream',
    {
      // An audio element's requests carry the cookies the page got; they never need new ones.
      config: { ...view, session: 'read' },
      schema: {
        params: idParams,
        querystring: z.object({ format: z.enum(['mp3']).optional() }),
      },
    },
    async (request, reply) => {
      const { track, file } = await catalogue.audioOf(request.params.id, await actorOf(request));
      const audio = await audioFiles.get(file);
      if (!audio) throw AppError.notFound('The audio file is missing.');
      countWhileOpen(reply, 'audio');
      const { stat } = audio;

      const transcoded =
        request.query.format === 'mp3' || !browserPlayable(track.codec, track.mime)
          ? await transcoder.mp3(file, { mime: track.mime })
          : null;
      if (transcoded) {
        // A transcoded stream has no known length, so it cannot serve ranges.
        sendStream(reply, {
          ...transcoded,
          type: 'audio/mpeg',
          cacheControl: 'private, max-age=3600',
        });
        return reply;
      }

      await sendFile(request, reply, {
        size: stat.size,
        etag: etagOf(stat),
        lastModified: stat.mtime,
        type: track.mime,
        cacheControl: 'private, max-age=3600',
        body: (range) => audioFiles.body(audio, reply.raw, range),
      });
      return reply;
    },
  );

  r.get(
    '/api/v1/tracks/:id/download',
    { config: { auth: true, permission: MUSIC_PERMISSIONS.view }, schema: { params: idParams } },
    async (request, reply) => {
      const { file, filename } = await catalogue.downloadOf(
        request.params.id,
        await actorOf(request),
      );
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) throw AppError.notFound('The audio file is missing.');
      await sendFile(request, reply, {
        size: stat.size,
        etag: etagOf(stat),
        lastModified: stat.mtime,
        type: 'application/octet-stream',
        cacheControl: 'private, no-store',
        disposition: { kind: 'attachment', filename },
        body: async (range) => readAudio(file, range),
      });
      return reply;
    },
  );

  r.post(
    '/api/v1/tracks/:id/plays',
    {
      config: view,
      schema: {
        params: idParams,
        body: logPlaySchema,
        response: { 200: z.object({ logged: z.boolean() }) },
      },
    },
    async (request) =>
      plays.log({
        trackId: request.params.id,
        userId: request.user?.id ?? null,
        sessionId: request.session.id,
        playedMs: request.body.played_ms,
        ended: request.body.ended ?? false,
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip ?? null,
        actor: await actorOf(request),
      }),
  );

  // Guests' players report too, and are told nothing is sent: only listeners have scrobblers.
  r.post(
    '/api/v1/tracks/:id/now-playing',
    {
      config: view,
      schema: { params: idParams, response: { 200: nowPlayingSchema } },
    },
    async (request) => {
      if (!request.user) return { ok: false };
      await plays.nowPlaying({
        trackId: request.params.id,
        userId: request.user.id,
        actor: await actorOf(request),
      });
      return { ok: true };
    },
  );

  r.get(
    '/api/v1/users/me/history',
    {
      config: { auth: true, permission: MUSIC_PERMISSIONS.view },
      schema: { querystring: pageQuery(20), response: { 200: paginationSchema(trackSchema) } },
    },
    async (request) => ({
      pagination: await plays.history(await listenerOf(request), request.query),
    }),
  );
}
