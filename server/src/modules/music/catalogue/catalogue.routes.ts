import { integer, paginationSchema } from '@cadenza/contracts/http';
import {
  ALBUM_TYPES,
  albumSchema,
  artistLinkInputSchema,
  artistPageSchema,
  artistSchema,
  channelSchema,
  genreSchema,
  landingArtistsSchema,
  MUSIC_PERMISSIONS,
  trackSchema,
} from '@cadenza/contracts/music';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { readMultipartForm } from '../../../core/multipart.js';
import type { ChannelsService } from '../channels/channels.service.js';
import { editorViewerOf, idParams, pageQuery, viewerOf } from '../http.js';
import type { CatalogueService } from './catalogue.service.js';

const view = { permission: MUSIC_PERMISSIONS.view };
/** Credited artists by name, in order; a new name becomes a new artist. */
const artistNames = z.array(z.string().trim().min(1).max(255)).min(1).max(20);
/** Genres by name, as an editor types them; new names become new genres. */
const genreNames = z.array(z.string().trim().min(1).max(100)).max(20);

export async function catalogueRoutes(
  app: FastifyInstance,
  { catalogue, channels }: { catalogue: CatalogueService; channels: ChannelsService },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 2 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/artists/:id',
    {
      config: view,
      schema: {
        params: idParams,
        querystring: z.object({
          albumsPage: integer({ min: 1 }).default(1),
          albumsPerPage: integer({ min: 1, max: 50 }).default(20),
        }),
        response: { 200: artistPageSchema },
      },
    },
    async (request) => ({
      artist: await catalogue.artistPage(request.params.id, await viewerOf(request), {
        page: request.query.albumsPage,
        perPage: request.query.albumsPerPage,
      }),
    }),
  );

  r.put(
    '/api/v1/artists/:id',
    {
      config: { permission: MUSIC_PERMISSIONS.update },
      schema: {
        params: idParams,
        body: z.object({
          name: z.string().trim().min(1).max(255).optional(),
          bio: z.string().max(20000).nullish(),
          verified: z.boolean().optional(),
          links: z.array(artistLinkInputSchema).max(20).optional(),
          genres: genreNames.optional(),
        }),
        response: { 200: z.object({ artist: artistSchema }) },
      },
    },
    async (request) => ({
      artist: await catalogue.setArtistDetails(request.params.id, {
        ...(request.body.name !== undefined ? { name: request.body.name } : {}),
        ...(request.body.bio !== undefined ? { bio: request.body.bio } : {}),
        ...(request.body.verified !== undefined ? { verified: request.body.verified } : {}),
        ...(request.body.links !== undefined ? { links: request.body.links } : {}),
        ...(request.body.genres !== undefined ? { genres: request.body.genres } : {}),
      }),
    }),
  );

  // Pictures for the admin's editors: read whole (5 MB at most), checked by content.
  const upload = async (request: FastifyRequest) => {
    const form = await readMultipartForm(request);
    if (form.tooLarge) throw AppError.validation({ file: 'The image may be at most 5 MB.' });
    const data = form.files.get('file');
    if (!data) throw AppError.validation({ file: 'Choose an image to upload.' });
    return data;
  };

  r.post(
    '/api/v1/artists/:id/image',
    {
      config: { permission: MUSIC_PERMISSIONS.update },
      schema: { params: idParams, response: { 200: z.object({ artist: artistSchema }) } },
    },
    async (request) => ({
      artist: await catalogue.setArtistDetails(request.params.id, {
        image: { data: await upload(request) },
      }),
    }),
  );

  r.post(
    '/api/v1/albums/:id/cover',
    {
      config: { permission: MUSIC_PERMISSIONS.update },
      schema: { params: idParams, response: { 200: z.object({ album: albumSchema }) } },
    },
    async (request) => {
      await catalogue.replaceAlbumCover(request.params.id, await upload(request));
      return { album: await catalogue.albumPage(request.params.id, await editorViewerOf(request)) };
    },
  );

  r.put(
    '/api/v1/albums/:id',
    {
      config: { permission: MUSIC_PERMISSIONS.update },
      schema: {
        params: idParams,
        body: z.object({
          name: z.string().trim().min(1).max(255).optional(),
          type: z.enum(ALBUM_TYPES).optional(),
          release_date: z.iso.date().nullish(),
          track_ids: z
            .array(integer({ min: 1 }))
            .max(500)
            .optional(),
          artists: artistNames.optional(),
        }),
        response: { 200: z.object({ album: albumSchema }) },
      },
    },
    async (request) => {
      const { track_ids, ...changes } = request.body;
      await catalogue.editAlbum(request.params.id, { ...changes, trackIds: track_ids });
      return { album: await catalogue.albumPage(request.params.id, await editorViewerOf(request)) };
    },
  );

  r.put(
    '/api/v1/tracks/:id',
    {
      config: { permission: MUSIC_PERMISSIONS.update },
      schema: {
        params: idParams,
        body: z.object({
          name: z.string().trim().min(1).max(500).optional(),
          number: z.number().int().min(0).max(9999).nullish(),
          disc: z.number().int().min(0).max(999).nullish(),
          lyrics: z.string().max(100_000).nullish(),
          explicit: z.boolean().optional(),
          genres: genreNames.optional(),
          artists: artistNames.optional(),
          album_id: integer({ min: 1 }).nullish(),
        }),
        response: { 200: z.object({ track: trackSchema }) },
      },
    },
    async (request) => {
      await catalogue.editTrack(request.params.id, request.body);
      return { track: await catalogue.track(request.params.id, await editorViewerOf(request)) };
    },
  );

  r.get(
    '/api/v1/albums/new-releases',
    {
      config: view,
      schema: { querystring: pageQuery(20), response: { 200: paginationSchema(albumSchema) } },
    },
    async (request) => ({
      pagination: await catalogue.albums('new', request.query, await viewerOf(request)),
    }),
  );

  r.get(
    '/api/v1/albums/:id',
    {
      config: view,
      schema: { params: idParams, response: { 200: z.object({ album: albumSchema }) } },
    },
    async (request) => ({
      album: await catalogue.albumPage(request.params.id, await editorViewerOf(request)),
    }),
  );

  r.get(
    '/api/v1/tracks/top',
    {
      config: view,
      schema: { querystring: pageQuery(50), response: { 200: paginationSchema(trackSchema) } },
    },
    async (request) => ({
      pagination: await catalogue.topTracks(request.query, await viewerOf(request)),
    }),
  );

  r.get(
    '/api/v1/tracks/:id',
    {
      config: view,
      schema: { params: idParams, response: { 200: z.object({ track: trackSchema }) } },
    },
    async (request) => ({
      track: await catalogue.track(request.params.id, await editorViewerOf(request)),
    }),
  );

  r.get(
    '/api/v1/genres',
    {
      config: view,
      schema: { querystring: pageQuery(50), response: { 200: paginationSchema(genreSchema) } },
    },
    async (request) => ({ pagination: await catalogue.genres(request.query) }),
  );

  // The genre page: the genre and the 'genre' channel resolved for it.
  r.get(
    '/api/v1/genres/:name',
    {
      config: view,
      schema: {
        params: z.object({ name: z.string().min(1).max(255) }),
        querystring: pageQuery(20),
        response: { 200: z.object({ genre: genreSchema, channel: channelSchema }) },
      },
    },
    async (request) => {
      const genre = await catalogue.genreByName(request.params.name);
      const channel = await channels.resolve('genre', await viewerOf(request), request.query, {
        genre,
      });
      return { genre, channel };
    },
  );

  // Public, like the landing page that shows it.
  r.get(
    '/api/v1/landing/artists',
    { schema: { response: { 200: landingArtistsSchema } } },
    async () => catalogue.landingArtists(),
  );
}
