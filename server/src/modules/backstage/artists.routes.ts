import {
  artistProfileInputSchema,
  IMAGE_KINDS,
  managedArtistSchema,
} from '@cadenza/contracts/backstage';
import { artistSchema } from '@cadenza/contracts/music';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { readMultipartForm } from '../../core/multipart.js';
import { idParams, userIdOf } from '../music/http.js';
import type { BackstageArtistsService } from './artists.service.js';

const signedIn = { auth: true } as const;
const artistResponse = z.object({ artist: artistSchema });

/** The artists a user manages, and their profiles: bio, links, genres, location, pictures. */
export async function backstageArtistsRoutes(
  app: FastifyInstance,
  { artists }: { artists: BackstageArtistsService },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 2 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/backstage/artists',
    {
      config: signedIn,
      schema: { response: { 200: z.object({ artists: z.array(managedArtistSchema) }) } },
    },
    async (request) => ({ artists: await artists.managedBy(userIdOf(request)) }),
  );

  r.get(
    '/api/v1/backstage/artists/:id',
    {
      config: signedIn,
      schema: {
        params: idParams,
        response: { 200: artistResponse.extend({ access: z.enum(['edit', 'view']) }) },
      },
    },
    async (request) => artists.profile(userIdOf(request), request.params.id),
  );

  r.put(
    '/api/v1/backstage/artists/:id',
    {
      config: signedIn,
      schema: {
        params: idParams,
        body: artistProfileInputSchema,
        response: { 200: artistResponse },
      },
    },
    async (request) => ({
      artist: await artists.update(userIdOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/api/v1/backstage/artists/:id/image',
    {
      config: signedIn,
      schema: {
        params: idParams,
        querystring: z.object({ kind: z.enum(IMAGE_KINDS).default('portrait') }),
        response: { 200: artistResponse },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      // Nobody's upload is read before they are known to manage the artist.
      await artists.access(userId, request.params.id, 'edit');
      const form = await readMultipartForm(request);
      if (form.tooLarge) throw AppError.validation({ file: 'The image may be at most 5 MB.' });
      const data = form.files.get('file');
      if (!data) throw AppError.validation({ file: 'Choose an image to upload.' });
      return {
        artist: await artists.setImage(userId, request.params.id, request.query.kind, data),
      };
    },
  );
}
