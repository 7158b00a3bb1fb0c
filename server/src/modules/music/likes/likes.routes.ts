import { integer, paginationSchema } from '@cadenza/contracts/http';
import {
  albumSchema,
  artistSchema,
  FOLLOWABLE_TYPES,
  LIKEABLE_TYPES,
  MUSIC_PERMISSIONS,
  playlistSchema,
  trackSchema,
  userRefSchema,
} from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listenerOf, messageSchema, pageQuery } from '../http.js';
import type { UserLibraryService } from './user-library.service.js';

const signedIn = { auth: true, permission: MUSIC_PERMISSIONS.view };
const likeBody = z.object({
  likeable_type: z.enum(LIKEABLE_TYPES),
  likeable_id: integer({ min: 1 }),
});
const followBody = z.object({
  followable_type: z.enum(FOLLOWABLE_TYPES),
  followable_id: integer({ min: 1 }),
});

export async function likesRoutes(
  app: FastifyInstance,
  { library }: { library: UserLibraryService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/users/me/liked-items',
    { config: signedIn, schema: { body: likeBody, response: { 200: messageSchema } } },
    async (request) => {
      await library.like(
        await listenerOf(request),
        request.body.likeable_type,
        request.body.likeable_id,
      );
      return { message: 'Added to your library.' };
    },
  );

  r.delete(
    '/api/v1/users/me/liked-items',
    { config: signedIn, schema: { body: likeBody, response: { 200: messageSchema } } },
    async (request) => {
      await library.unlike(
        await listenerOf(request),
        request.body.likeable_type,
        request.body.likeable_id,
      );
      return { message: 'Removed from your library.' };
    },
  );

  const lists = [
    ['liked-tracks', 'track', trackSchema],
    ['liked-albums', 'album', albumSchema],
    ['liked-artists', 'artist', artistSchema],
    ['liked-playlists', 'playlist', playlistSchema],
  ] as const;
  for (const [path, type, schema] of lists) {
    r.get(
      `/api/v1/users/me/${path}`,
      {
        config: signedIn,
        schema: { querystring: pageQuery(20), response: { 200: paginationSchema(schema) } },
      },
      async (request) => ({
        pagination: (await library.liked(await listenerOf(request), type, request.query)) as never,
      }),
    );
  }

  r.post(
    '/api/v1/users/me/follows',
    { config: signedIn, schema: { body: followBody, response: { 200: messageSchema } } },
    async (request) => {
      await library.follow(
        await listenerOf(request),
        request.body.followable_type,
        request.body.followable_id,
      );
      return { message: 'Following.' };
    },
  );

  r.delete(
    '/api/v1/users/me/follows',
    { config: signedIn, schema: { body: followBody, response: { 200: messageSchema } } },
    async (request) => {
      await library.unfollow(
        await listenerOf(request),
        request.body.followable_type,
        request.body.followable_id,
      );
      return { message: 'Unfollowed.' };
    },
  );

  r.get(
    '/api/v1/users/me/followed-artists',
    {
      config: signedIn,
      schema: { querystring: pageQuery(20), response: { 200: paginationSchema(artistSchema) } },
    },
    async (request) => ({
      pagination: await library.followedArtists(await listenerOf(request), request.query),
    }),
  );

  r.get(
    '/api/v1/users/me/followed-users',
    {
      config: signedIn,
      schema: { querystring: pageQuery(20), response: { 200: paginationSchema(userRefSchema) } },
    },
    async (request) => ({
      pagination: await library.followedUsers(await listenerOf(request), request.query),
    }),
  );
}
