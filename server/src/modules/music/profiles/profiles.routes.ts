import { paginationSchema } from '@cadenza/contracts/http';
import {
  MUSIC_PERMISSIONS,
  playlistSchema,
  userProfileSchema,
  userRefSchema,
} from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, pageQuery, viewerOf } from '../http.js';
import type { ProfilesService } from './profiles.service.js';

const view = { permission: MUSIC_PERMISSIONS.view };
const usersPage = {
  config: view,
  schema: {
    params: idParams,
    querystring: pageQuery(20),
    response: { 200: paginationSchema(userRefSchema) },
  },
};

export async function profilesRoutes(
  app: FastifyInstance,
  { profiles }: { profiles: ProfilesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/users/:id/profile',
    {
      config: view,
      schema: { params: idParams, response: { 200: z.object({ user: userProfileSchema }) } },
    },
    async (request) => ({
      user: await profiles.profile(request.params.id, await viewerOf(request)),
    }),
  );

  r.get(
    '/api/v1/users/:id/playlists',
    {
      config: view,
      schema: {
        params: idParams,
        querystring: pageQuery(20),
        response: { 200: paginationSchema(playlistSchema) },
      },
    },
    async (request) => ({
      pagination: await profiles.playlists(
        request.params.id,
        await viewerOf(request),
        request.query,
      ),
    }),
  );

  r.get('/api/v1/users/:id/followers', usersPage, async (request) => ({
    pagination: await profiles.followers(request.params.id, request.query),
  }));

  r.get('/api/v1/users/:id/following', usersPage, async (request) => ({
    pagination: await profiles.following(request.params.id, request.query),
  }));
}
