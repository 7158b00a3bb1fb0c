import { integer } from '@cadenza/contracts/http';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { RADIO_MAX_TRACKS, RADIO_MIN_TRACKS, radioSchema } from '@cadenza/contracts/radio';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, viewerOf } from '../http.js';
import type { RadioService } from './radio.service.js';

const view = { permission: MUSIC_PERMISSIONS.view };
const radioQuery = z.object({
  limit: integer({ min: RADIO_MIN_TRACKS, max: RADIO_MAX_TRACKS }).optional(),
});

export async function radioRoutes(
  app: FastifyInstance,
  { radio }: { radio: RadioService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: idParams, querystring: radioQuery, response: { 200: radioSchema } };

  r.get('/api/v1/radio/track/:id', { config: view, schema }, async (request) => ({
    tracks: await radio.ofTrack(request.params.id, await viewerOf(request), request.query.limit),
  }));

  r.get('/api/v1/radio/artist/:id', { config: view, schema }, async (request) => ({
    tracks: await radio.ofArtist(request.params.id, await viewerOf(request), request.query.limit),
  }));

  // Beyond the contract's two: an album's radio, for "Start radio" on an album.
  r.get('/api/v1/radio/album/:id', { config: view, schema }, async (request) => ({
    tracks: await radio.ofAlbum(request.params.id, await viewerOf(request), request.query.limit),
  }));
}
