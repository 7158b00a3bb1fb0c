import { commaList, integer } from '@cadenza/contracts/http';
import {
  MUSIC_PERMISSIONS,
  SEARCH_TYPES,
  searchResultsSchema,
  type SearchType,
} from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { viewerOf } from '../http.js';
import { SEARCH_LAST_PAGE, type SearchService } from './search.service.js';

export async function searchRoutes(
  app: FastifyInstance,
  { search }: { search: SearchService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/search',
    {
      config: { permission: MUSIC_PERMISSIONS.view },
      schema: {
        querystring: z.object({
          query: z.string().max(200).default(''),
          types: commaList,
          page: integer({ min: 1, max: SEARCH_LAST_PAGE }).default(1),
          perPage: integer({ min: 1, max: 50 }).default(10),
        }),
        response: { 200: searchResultsSchema },
      },
    },
    async (request) => {
      const types = request.query.types?.length ? request.query.types : [...SEARCH_TYPES];
      const unknown = types.filter((type) => !(SEARCH_TYPES as readonly string[]).includes(type));
      if (unknown.length > 0)
        throw AppError.validation({ types: `Unknown type: ${unknown.join(', ')}.` });
      return search.search(
        request.query.query,
        types as SearchType[],
        { page: request.query.page, perPage: request.query.perPage },
        await viewerOf(request),
      );
    },
  );
}
