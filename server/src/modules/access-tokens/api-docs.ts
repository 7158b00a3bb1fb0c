import swagger from '@fastify/swagger';
import crypto from 'node:crypto';
import { PERMISSIONS, hasPermission } from '@cadenza/contracts/permissions';
import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { matchesEtag } from '../../core/byte-ranges.js';
import { AppError } from '../../core/errors.js';
import { allowInlineScriptsOf } from '../../core/security-headers.js';
import type { SettingsService } from '../settings/settings.service.js';

/** Where the API reference is served; the web page /api-docs links or embeds it. */
export const API_REFERENCE_PATH = '/api-docs/reference';
export const OPENAPI_JSON_PATH = `${API_REFERENCE_PATH}/openapi.json`;

const DOCUMENTED = /^\/(api\/v1|auth|secure)\//;

/** A route the app serves, with the Zod schemas it declared. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  config: FastifyContextConfig | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route, as registered: what the API reference and the route fuzz test read. */
    routeCatalogue: RouteEntry[];
  }
}

/**
 * Collects every route and its Zod schemas, and makes an OpenAPI document of the API ones.
 * Registered before the routes, since it learns them as they are added.
 */
export const openApiCollector = fp(
  async (app: FastifyInstance) => {
    const routes: RouteEntry[] = [];
    app.decorate('routeCatalogue', routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routes.push({ method, url: route.url, schema: route.schema, config: route.config });
      }
    });
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Cadenza API',
          version: '1',
          description:
            'Authenticate with `Authorization: Bearer <token>`, using a personal access token created under Account settings → Developers.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
        security: [{ bearer: [] }],
      },
      transform(input) {
        const output = jsonSchemaTransform(input);
        // Only the API: pages, files and the docs themselves stay out of the reference.
        if (!DOCUMENTED.test(input.url))
          return { ...output, schema: { ...output.schema, hide: true } };
        return output;
      },
    });
  },
  { name: 'openapi-collector' },
);

export async function apiDocsAllowed(
  request: FastifyRequest,
  settings: SettingsService,
): Promise<boolean> {
  if (!(await settings.get('api.integrated'))) return false;
  return !!request.user && hasPermission(await request.permissions(), PERMISSIONS.apiAccess);
}

/** The API reference (Scalar), only when the API is integrated and the user holds api.access. */
export async function apiDocsRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsService },
): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!(await apiDocsAllowed(request, settings))) throw AppError.notFound();
  });
  // The reference page starts itself with an inline script of the library's.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('text/html') && typeof payload === 'string')
      allowInlineScriptsOf(reply, payload);
    return payload;
  });
  // Scalar's plugin holds its 4 MB script as text from the moment it loads, about 17 MB of the
  // server's memory: it is loaded with the first visit, in a Fastify of its own that this
  // scope's routes hand their requests to, checked and dressed by the hooks above.
  let reference: Promise<FastifyInstance> | undefined;
  const loadReference = async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const inner = Fastify();
    await inner.register(scalar, {
      routePrefix: API_REFERENCE_PATH,
      logLevel: 'silent',
      configuration: { title: 'Cadenza API', content: () => app.swagger() },
    });
    await inner.ready();
    return inner;
  };
  const PASSED_HEADERS = ['content-type', 'content-disposition', 'location'];
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const inner = await (reference ??= loadReference());
    const answer = await inner.inject({
      method: 'GET',
      url: request.url,
      headers: { host: request.headers.host ?? 'localhost' },
    });
    reply.status(answer.statusCode);
    for (const name of PASSED_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    // Text stays text, so the page's inline script can be allowed by its hash above.
    const body = /^(text|application\/(json|yaml))/.test(String(answer.headers['content-type']))
      ? answer.body
      : answer.rawPayload;
    if (answer.statusCode !== 200) return reply.send(body);
    // Shown to signed-in users only, and changed with every release: kept by the browser
    // alone, and asked for again each time, cheaply when unchanged.
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.send(body);
  };
  const hidden = { schema: { hide: true } };
  app.get(API_REFERENCE_PATH, hidden, handler);
  app.get(`${API_REFERENCE_PATH}/*`, hidden, handler);
}
