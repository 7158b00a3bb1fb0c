import {
  VALUE_LIST_NAMES,
  valueListsSchema,
  type ValueListName,
} from '@cadenza/contracts/localization';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALE_COOKIE } from '../../core/cookies.js';
import type { ValueListsService } from './value-lists.service.js';

const namesParam = z
  .string()
  .transform((value) => [...new Set(value.split(',').map((name) => name.trim()))])
  .pipe(z.array(z.enum(VALUE_LIST_NAMES)).min(1));

export async function valueListsRoutes(
  app: FastifyInstance,
  { valueLists }: { valueLists: ValueListsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // `value-lists/timezones,countries`: public data, named in the reader's language.
  r.get(
    '/api/v1/value-lists/:names',
    {
      schema: {
        description: `Lists that forms pick from, comma-joined: ${VALUE_LIST_NAMES.join(', ')}.`,
        params: z.object({ names: namesParam }),
        response: { 200: valueListsSchema.partial() },
      },
    },
    async (request) =>
      valueLists.get(request.params.names as ValueListName[], {
        userLanguage: request.user?.language,
        cookieLanguage: request.cookies[LOCALE_COOKIE],
        acceptLanguage: request.headers['accept-language'],
      }),
  );
}
