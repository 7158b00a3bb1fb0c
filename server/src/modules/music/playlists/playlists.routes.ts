import { paginationSchema } from '@cadenza/contracts/http';
import {
  MUSIC_PERMISSIONS,
  playlistInputSchema,
  playlistSchema,
  trackIdsSchema,
  trackSchema,
} from '@cadenza/contracts/music';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { readMultipartForm } from '../../../core/multipart.js';
import { idParams, listenerOf, messageSchema, pageQuery, userIdOf, viewerOf } from '../http.js';
import type { PlaylistsService } from './playlists.service.js';

const view = { permission: MUSIC_PERMISSIONS.view };
const signedIn = { auth: true, permission: MUSIC_PERMISSIONS.view };
const PLAYLIST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const playlistResponse = { 200: z.object({ playlist: playlistSchema }) };
/** A signed-in action on one playlist, answered with the playlist or with a message. */
const playlistAction = {
  config: signedIn,
  schema: { params: idParams, response: playlistResponse },
};
const messageAction = {
  config: signedIn,
  schema: { params: idParams, response: { 200: messageSchema } },
};
/** Adding or removing tracks, answered with the changed playlist. */
const tracksChange = {
  config: signedIn,
  schema: { params: idParams, body: trackIdsSchema, response: playlistResponse },
};

export async function playlistsRoutes(
  app: FastifyInstance,
  { playlists }: { playlists: PlaylistsService },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PLAYLIST_IMAGE_MAX_BYTES, files: 1, fields: 2 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/playlists/:id/image', playlistAction, async (request) => {
    // Only the upload of someone who may change the playlist is read at all.
    await playlists.assertEditable(request.params.id, userIdOf(request));
    const form = await readMultipartForm(request);
    if (form.tooLarge) throw AppError.validation({ file: 'The image may be at most 5 MB.' });
    const data = form.files.get('file');
    if (!data) throw AppError.validation({ file: 'Choose an image to upload.' });
    return {
      playlist: await playlists.setImage(request.params.id, await listenerOf(request), data),
    };
  });

  r.delete('/api/v1/playlists/:id/image', playlistAction, async (request) => ({
    playlist: await playlists.setImage(request.params.id, await listenerOf(request), null),
  }));

  r.post(
    '/api/v1/playlists',
    {
      config: { auth: true },
      schema: {
        body: playlistInputSchema,
        response: { 201: z.object({ playlist: playlistSchema }) },
      },
    },
    async (request, reply) => {
      const playlist = await playlists.create(
        await listenerOf(request),
        await request.permissions(),
        request.body,
        request.workspaceId,
      );
      return reply.status(201).send({ playlist });
    },
  );

  r.get(
    '/api/v1/playlists/:id',
    { config: view, schema: { params: idParams, response: playlistResponse } },
    async (request) => ({
      playlist: await playlists.get(request.params.id, await viewerOf(request)),
    }),
  );

  r.put(
    '/api/v1/playlists/:id',
    {
      config: signedIn,
      schema: { params: idParams, body: playlistInputSchema.partial(), response: playlistResponse },
    },
    async (request) => ({
      playlist: await playlists.update(request.params.id, await listenerOf(request), request.body),
    }),
  );

  r.delete('/api/v1/playlists/:id', messageAction, async (request) => {
    await playlists.remove(request.params.id, await listenerOf(request));
    return { message: 'Playlist deleted.' };
  });

  r.get(
    '/api/v1/playlists/:id/tracks',
    {
      config: view,
      schema: {
        params: idParams,
        querystring: pageQuery(50),
        response: { 200: paginationSchema(trackSchema) },
      },
    },
    async (request) => ({
      pagination: await playlists.tracks(request.params.id, await viewerOf(request), request.query),
    }),
  );

  r.post('/api/v1/playlists/:id/tracks', tracksChange, async (request) => ({
    playlist: await playlists.addTracks(
      request.params.id,
      await listenerOf(request),
      request.body.trackIds,
    ),
  }));

  r.delete('/api/v1/playlists/:id/tracks', tracksChange, async (request) => ({
    playlist: await playlists.removeTracks(
      request.params.id,
      await listenerOf(request),
      request.body.trackIds,
    ),
  }));

  r.post(
    '/api/v1/playlists/:id/tracks/order',
    {
      config: signedIn,
      schema: { params: idParams, body: trackIdsSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await playlists.reorder(request.params.id, await listenerOf(request), request.body.trackIds);
      return { message: 'Order saved.' };
    },
  );

  r.post('/api/v1/playlists/:id/follow', playlistAction, async (request) => {
    await playlists.follow(request.params.id, await listenerOf(request));
    return { playlist: await playlists.get(request.params.id, await viewerOf(request)) };
  });

  r.post('/api/v1/playlists/:id/unfollow', messageAction, async (request) => {
    await playlists.unfollow(request.params.id, await listenerOf(request));
    return { message: 'Playlist unfollowed.' };
  });

  r.get(
    '/api/v1/users/me/playlists',
    {
      config: signedIn,
      schema: { querystring: pageQuery(20), response: { 200: paginationSchema(playlistSchema) } },
    },
    async (request) => ({
      // In a workspace, "my playlists" are the ones shared with it.
      pagination:
        request.workspaceId !== 0
          ? await playlists.ofWorkspace(request.workspaceId, await viewerOf(request), request.query)
          : await playlists.ofUser(userIdOf(request), await viewerOf(request), request.query),
    }),
  );
}
