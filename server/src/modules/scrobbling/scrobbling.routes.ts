import {
  connectLastFmSchema,
  connectListenBrainzSchema,
  lastFmAuthorizeSchema,
  SCROBBLERS,
  scrobblersSchema,
} from '@cadenza/contracts/scrobbling';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ScrobblingService } from './scrobbling.service.js';

/** Account settings' "Scrobbling": the listening services a user sends their listens to. */
export async function scrobblingRoutes(
  app: FastifyInstance,
  { scrobbling }: { scrobbling: ScrobblingService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { auth: true } as const;
  const answer = { 200: scrobblersSchema };

  r.get(
    '/api/v1/me/scrobblers',
    { config: signedIn, schema: { response: answer } },
    async (request) => ({ scrobblers: await scrobbling.list(request.user!.id) }),
  );

  r.put(
    '/api/v1/me/scrobblers/listenbrainz',
    { config: signedIn, schema: { body: connectListenBrainzSchema, response: answer } },
    async (request) => ({
      scrobblers: await scrobbling.connectListenBrainz(request.user!.id, request.body.token),
    }),
  );

  r.get(
    '/api/v1/me/scrobblers/lastfm/authorize',
    { config: signedIn, schema: { response: { 200: lastFmAuthorizeSchema } } },
    async (request) => ({ url: scrobbling.lastFmAuthorizeUrl(request.user!.id) }),
  );

  r.put(
    '/api/v1/me/scrobblers/lastfm',
    { config: signedIn, schema: { body: connectLastFmSchema, response: answer } },
    async (request) => ({
      scrobblers: await scrobbling.connectLastFm(
        request.user!.id,
        request.body.token,
        request.body.state,
      ),
    }),
  );

  r.delete(
    '/api/v1/me/scrobblers/:service',
    {
      config: signedIn,
      schema: { params: z.object({ service: z.enum(SCROBBLERS) }), response: answer },
    },
    async (request) => ({
      scrobblers: await scrobbling.disconnect(request.user!.id, request.params.service),
    }),
  );
}
