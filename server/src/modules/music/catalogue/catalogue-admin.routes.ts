import { adminListQuerySchema, integer, paginationSchema } from '@cadenza/contracts/http';
import { ALBUM_TYPES, MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogueAdminService, ListQuery } from './catalogue-admin.service.js';

/** The list query of a table sortable by `orders`, the first being the default. */
const listQueryOf = <const Order extends string>(orders: readonly [Order, ...Order[]]) =>
  adminListQuerySchema.extend({ orderBy: z.enum(orders).optional() });
// Each table's filters, all optional: `?verified=yes`, `?type=single`…
const yesNo = z.enum(['yes', 'no']).optional();
const artistsQuery = listQueryOf(['name', 'plays', 'created_at']).extend({ verified: yesNo });
const tracksQuery = listQueryOf(['name', 'plays', 'created_at']).extend({
  explicit: yesNo,
  lyrics: yesNo,
});
const albumsQuery = listQueryOf(['name', 'plays', 'created_at', 'release_date']).extend({
  type: z.enum(ALBUM_TYPES).optional(),
});
const genresQuery = listQueryOf(['name', 'created_at']);
const playlistsQuery = listQueryOf(['name', 'created_at', 'updated_at']).extend({
  visibility: z.enum(['public', 'private']).optional(),
});
const lyricsQuery = listQueryOf(['name', 'updated_at']).extend({
  kind: z.enum(['synced', 'plain']).optional(),
});

/** Up to a hundred ids in a path, comma-separated, each within the database's range. */
const idsParams = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,99}$/)
    .refine(
      (ids) => ids.split(',').every((id) => Number(id) >= 1 && Number(id) <= 2_147_483_647),
      'Ids are whole numbers from 1.',
    )
    .transform((ids) => ids.split(',').map(Number)),
});
const messageSchema = z.object({ message: z.string() });

const adminArtistSchema = z.object({
  id: z.number(),
  name: z.string(),
  image_small: z.string().nullable(),
  verified: z.boolean(),
  plays: z.number(),
  albums_count: z.number(),
  tracks_count: z.number(),
  created_at: z.string(),
});
const adminAlbumSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  release_date: z.string().nullable(),
  image: z.string().nullable(),
  plays: z.number(),
  tracks_count: z.number(),
  artists: z.array(z.string()),
  created_at: z.string(),
});
const adminGenreSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  tracks_count: z.number(),
  artists_count: z.number(),
  created_at: z.string(),
});
const adminPlaylistSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  public: z.boolean(),
  collaborative: z.boolean(),
  tracks_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
const adminLyricsSchema = z.object({
  id: z.number(),
  name: z.string(),
  album: z.string().nullable(),
  artists: z.array(z.string()),
  synced: z.boolean(),
  excerpt: z.string(),
  updated_at: z.string(),
});
const adminTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.number().nullable(),
  duration_ms: z.number().nullable(),
  plays: z.number(),
  album: z.string().nullable(),
  artists: z.array(z.string()),
  created_at: z.string(),
});

const listOf = <Order extends string>(query: {
  query?: string | undefined;
  orderBy?: Order | undefined;
  orderDir?: 'asc' | 'desc' | undefined;
  page: number;
  perPage: number;
}): ListQuery<Order | 'name'> => ({
  query: query.query,
  orderBy: query.orderBy ?? 'name',
  // Names read A to Z; counts and dates newest or largest first.
  orderDir: query.orderDir ?? (query.orderBy && query.orderBy !== 'name' ? 'desc' : 'asc'),
  page: query.page,
  perPage: query.perPage,
});

/**
 * The admin area's catalogue tables: artists, albums, tracks, genres, playlists and lyrics
 * searched, sorted and paged in SQL; deleted in bulk, artists merged into another (the service audits each change).
 * Details are edited through the catalogue's own `PUT /api/v1/artists|albums|tracks/{id}`.
 */
export async function catalogueAdminRoutes(
  app: FastifyInstance,
  { catalogueAdmin }: { catalogueAdmin: CatalogueAdminService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: MUSIC_PERMISSIONS.update };

  r.get(
    '/api/v1/admin/artists',
    {
      config,
      schema: {
        querystring: artistsQuery,
        response: { 200: paginationSchema(adminArtistSchema) },
      },
    },
    async ({ query }) => ({
      pagination: await catalogueAdmin.artists(listOf(query), { verified: query.verified }),
    }),
  );

  r.get(
    '/api/v1/admin/tracks',
    {
      config,
      schema: { querystring: tracksQuery, response: { 200: paginationSchema(adminTrackSchema) } },
    },
    async ({ query }) => ({
      pagination: await catalogueAdmin.tracks(listOf(query), {
        explicit: query.explicit,
        lyrics: query.lyrics,
      }),
    }),
  );

  r.get(
    '/api/v1/admin/albums',
    {
      config,
      schema: { querystring: albumsQuery, response: { 200: paginationSchema(adminAlbumSchema) } },
    },
    async ({ query }) => ({
      pagination: await catalogueAdmin.albums(listOf(query), { type: query.type }),
    }),
  );

  r.get(
    '/api/v1/admin/genres',
    {
      config,
      schema: { querystring: genresQuery, response: { 200: paginationSchema(adminGenreSchema) } },
    },
    async ({ query }) => ({ pagination: await catalogueAdmin.genres(listOf(query)) }),
  );

  r.get(
    '/api/v1/admin/playlists',
    {
      config,
      schema: {
        querystring: playlistsQuery,
        response: { 200: paginationSchema(adminPlaylistSchema) },
      },
    },
    async ({ query }) => ({
      pagination: await catalogueAdmin.playlists(listOf(query), { visibility: query.visibility }),
    }),
  );

  r.get(
    '/api/v1/admin/lyrics',
    {
      config,
      schema: { querystring: lyricsQuery, response: { 200: paginationSchema(adminLyricsSchema) } },
    },
    async ({ query }) => ({
      pagination: await catalogueAdmin.lyrics(listOf(query), { kind: query.kind }),
    }),
  );

  for (const [type, path, one, many] of [
    ['artist', 'artists', 'Artist deleted', 'artists deleted'],
    ['album', 'albums', 'Album deleted', 'albums deleted'],
    ['track', 'tracks', 'Track deleted', 'tracks deleted'],
    ['genre', 'genres', 'Genre deleted', 'genres deleted'],
    ['playlist', 'playlists', 'Playlist deleted', 'playlists deleted'],
  ] as const) {
    r.delete(
      `/api/v1/admin/${path}/:ids`,
      { config, schema: { params: idsParams, response: { 200: messageSchema } } },
      async (request) => {
        const items = await catalogueAdmin.deleteItems(request, type, request.params.ids);
        return { message: items.length === 1 ? one : `${items.length} ${many}` };
      },
    );
  }

  r.delete(
    '/api/v1/admin/lyrics/:ids',
    { config, schema: { params: idsParams, response: { 200: messageSchema } } },
    async (request) => {
      const tracks = await catalogueAdmin.clearLyrics(request, request.params.ids);
      return { message: tracks.length === 1 ? 'Lyrics removed' : 'The lyrics were removed' };
    },
  );

  // The new audio arrives through the uploads queue first (resumable, any size the plan allows);
  // this swaps it in.
  r.put(
    '/api/v1/admin/tracks/:id/audio',
    {
      config,
      schema: {
        params: z.object({ id: integer({ min: 1 }) }),
        body: z.object({ file_entry_id: integer({ min: 1 }) }),
        response: { 200: z.object({ message: z.string(), duration_ms: z.number() }) },
      },
    },
    async (request) => {
      const { durationMs } = await catalogueAdmin.replaceAudioFromUpload(
        request,
        request.params.id,
        request.body.file_entry_id,
      );
      return { message: 'Audio replaced', duration_ms: durationMs };
    },
  );

  r.post(
    '/api/v1/admin/artists/:id/merge',
    {
      config,
      schema: {
        params: z.object({ id: integer({ min: 1 }) }),
        body: z.object({ into: integer({ min: 1 }) }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { from, to } = await catalogueAdmin.merge(
        request,
        request.params.id,
        request.body.into,
      );
      return { message: `${from.name} was merged into ${to.name}` };
    },
  );
}
