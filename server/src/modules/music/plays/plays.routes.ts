import fs from 'node:fs';
import { paginationSchema } from '@cadenza/contracts/http';
import { logPlaySchema, MUSIC_PERMISSIONS, trackSchema } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { actorOf, idParams, pageQuery, userIdOf, viewerOf } from '../http.js';
import type { PlaysService } from './plays.service.js';
import { browserPlayable, etagOf, ifRangeHolds, matchesEtag, parseRange } from './streaming.js';
import type { Transcoder } from './transcoder.js';
import type { OpenAudioFiles } from './open-audio-files.js';

const view = { permission: MUSIC_PERMISSIONS.view };

const headerOf = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

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
      const { stat } = audio;

      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, max-age=3600');

      const transcoded =
        request.query.format === 'mp3' || !browserPlayable(track.codec, track.mime)
          ? await transcoder.mp3(file, { mime: track.mime })
          : null;
      if (transcoded) {
        // A transcoded stream has no known length, so it cannot serve ranges.
        reply.raw.on('close', transcoded.stop);
        return reply.header('accept-ranges', 'none').type('audio/mpeg').send(transcoded.stream);
      }

      const etag = etagOf(stat);
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('last-modified', stat.mtime.toUTCString())
        .type(track.mime || 'application/octet-stream');

      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();

      const useRange = ifRangeHolds(headerOf(request.headers['if-range']), etag, stat.mtime);
      const range = useRange
        ? parseRange(request.headers.range, stat.size)
        : ({ kind: 'full' } as const);
      if (range.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${stat.size}`)
          .type('application/json; charset=utf-8')
          .send({ message: 'The requested range is not satisfiable.' });
      }
      if (range.kind === 'partial') {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(await audioFiles.body(audio, reply.raw, range));
      }
      return reply
        .header('content-length', stat.size)
        .send(await audioFiles.body(audio, reply.raw));
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
      const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('content-length', stat.size)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(file));
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

  r.get(
    '/api/v1/users/me/history',
    {
      config: { auth: true, permission: MUSIC_PERMISSIONS.view },
      schema: { querystring: pageQuery(20), response: { 200: paginationSchema(trackSchema) } },
    },
    async (request) => ({
      pagination: await plays.history(userIdOf(request), request.query, await viewerOf(request)),
    }),
  );
}
