import { integer } from '@cadenza/contracts/http';
import { MUSIC_PERMISSIONS, trackSchema } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listenerOf } from '../http.js';
import { MAX_QUEUE, type PlayQueueService } from './play-queue.service.js';

const playQueueSchema = z.object({
  tracks: z.array(trackSchema),
  current: z.number().nullable(),
  position_ms: z.number(),
  changed_by: z.string(),
  updated_at: z.string(),
});

/** The signed-in listener's queue, shared with their music apps. */
export async function playQueueRoutes(
  app: FastifyInstance,
  { playQueue }: { playQueue: PlayQueueService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listener = { auth: true, permission: MUSIC_PERMISSIONS.view } as const;

  r.get(
    '/api/v1/me/play-queue',
    {
      config: listener,
      schema: { response: { 200: z.object({ queue: playQueueSchema.nullable() }) } },
    },
    async (request) => ({ queue: await playQueue.get(await listenerOf(request)) }),
  );

  r.put(
    '/api/v1/me/play-queue',
    {
      config: listener,
      schema: {
        body: z.object({
          track_ids: z.array(integer({ min: 1 })).max(MAX_QUEUE),
          current: integer({ min: 1 }).nullable(),
          position_ms: integer({ min: 0 }),
        }),
      },
    },
    async (request) => {
      await playQueue.save(await listenerOf(request), {
        trackIds: request.body.track_ids,
        current: request.body.current,
        positionMs: request.body.position_ms,
        changedBy: 'Web player',
      });
      return { message: 'Saved.' };
    },
  );
}
