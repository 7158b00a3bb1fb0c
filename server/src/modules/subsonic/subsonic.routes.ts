import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { AccessTokensService } from '../access-tokens/access-tokens.service.js';
import type { CatalogueService } from '../music/catalogue/catalogue.service.js';
import type { UsersService } from '../users/users.service.js';
import { subsonicAlbum, subsonicArtist, subsonicSong } from './subsonic-mappers.js';
import {
  envelope,
  missing,
  SUBSONIC_ERRORS,
  SubsonicError,
  type SubsonicFormat,
  type SubsonicNode,
} from './subsonic-response.js';

/** Failed sign-ins per address before /rest waits, as for the login form. */
const FAILED_AUTH_MAX = 10;
const FAILED_AUTH_WINDOW_SECONDS = 60;

/** The parameters of a call: the query, and the form body of a POST (the formPost extension). */
type Params = URLSearchParams;

interface Caller {
  userId: number;
}

type Method = (params: Params, caller: Caller) => Promise<SubsonicNode>;

const idParam = (params: Params, name = 'id'): number => {
  const value = params.get(name);
  if (value === null || value === '') throw missing(name);
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');
  }
  return id;
};

/** Any failure in Subsonic's words: clients read codes, never a 5xx or an HTML page. */
function subsonicFailure(error: unknown): SubsonicError {
  if (error instanceof SubsonicError) return error;
  if (error instanceof AppError) {
    if (error.status === 404) {
      return new SubsonicError(SUBSONIC_ERRORS.notFound, 'The requested data was not found.');
    }
    if (error.status === 401 || error.status === 403) {
      return new SubsonicError(SUBSONIC_ERRORS.notAuthorized, error.message);
    }
    return new SubsonicError(SUBSONIC_ERRORS.generic, error.message);
  }
  return new SubsonicError(
    SUBSONIC_ERRORS.generic,
    'Something went wrong. Please try again later.',
  );
}

/**
 * The Subsonic API with the OpenSubsonic extensions (`/rest/<method>` and `<method>.view`), a
 * second transport over the same music services as the JSON API: the same permissions,
 * privacy and counting. Every answer is HTTP 200 with the `subsonic-response` envelope; failures
 * carry Subsonic's error codes.
 */
export async function subsonicRoutes(
  app: FastifyInstance,
  {
    catalogue,
    tokens,
    users,
    limiter,
    serverVersion,
  }: {
    catalogue: CatalogueService;
    tokens: AccessTokensService;
    users: UsersService;
    limiter: RateLimiter;
    serverVersion: string;
  },
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  /** Who calls: the apiKey extension with a personal access token. */
  async function authenticate(params: Params, request: FastifyRequest): Promise<Caller> {
    const apiKey = params.get('apiKey');
    const legacy = ['u', 'p', 't', 's'].some((name) => params.has(name));
    if (apiKey && legacy) {
      throw new SubsonicError(
        SUBSONIC_ERRORS.conflictingAuth,
        'Multiple conflicting authentication mechanisms provided.',
      );
    }
    if (!apiKey) {
      if (legacy) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.authNotSupported,
          'Sign in with an API key: create a token in account settings and use it as apiKey.',
        );
      }
      throw missing('apiKey');
    }
    const key = `subsonic:${request.ip}`;
    const token = await tokens.resolve(apiKey);
    const user = token && (await users.findById(token.user_id));
    if (!user) {
      const { allowed } = await limiter.hit(key, FAILED_AUTH_MAX, FAILED_AUTH_WINDOW_SECONDS);
      throw new SubsonicError(
        SUBSONIC_ERRORS.invalidApiKey,
        allowed ? 'Invalid API key.' : 'Too many failed attempts. Please wait a minute.',
      );
    }
    return { userId: user.id };
  }

  const methods: Record<string, Method> = {
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true } }),
    getOpenSubsonicExtensions: async () => ({
      openSubsonicExtensions: [
        { name: 'apiKeyAuthentication', versions: [1] },
        { name: 'formPost', versions: [1] },
      ] as unknown as SubsonicNode[],
    }),
    getMusicFolders: async () => ({
      musicFolders: { musicFolder: [{ id: 1, name: 'Music' }] },
    }),
    async getArtist(params, caller) {
      const page = await catalogue.artistPage(idParam(params), caller, { page: 1, perPage: 500 });
      return {
        artist: {
          ...subsonicArtist(page, page.albums.total),
          album: page.albums.data.map(subsonicAlbum),
        },
      };
    },
    async getAlbum(params, caller) {
      const album = await catalogue.albumPage(idParam(params), caller);
      return { album: { ...subsonicAlbum(album), song: (album.tracks ?? []).map(subsonicSong) } };
    },
    async getSong(params, caller) {
      return { song: subsonicSong(await catalogue.track(idParam(params), caller)) };
    },
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (typeof request.body === 'string') {
      for (const [name, value] of new URLSearchParams(request.body)) params.append(name, value);
    }
    const wanted = params.get('f');
    const format: SubsonicFormat = wanted === 'json' || wanted === 'jsonp' ? wanted : 'xml';
    const callback = params.get('callback') ?? undefined;
    const answer = (body: SubsonicNode) => {
      const { type, text } = envelope(body, {
        format: format === 'jsonp' && !/^[\w.$]{1,64}$/.test(callback ?? '') ? 'json' : format,
        callback,
        serverVersion,
      });
      return reply.status(200).type(type).header('cache-control', 'no-store').send(text);
    };

    const name = (request.params as { method: string }).method.replace(/\.view$/, '');
    try {
      const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
      const caller = await authenticate(params, request);
      if (!method) {
        throw new SubsonicError(SUBSONIC_ERRORS.generic, `Unknown method: ${name}`);
      }
      return answer(await method(params, caller));
    } catch (error) {
      const failure = subsonicFailure(error);
      if (!(error instanceof SubsonicError) && !(error instanceof AppError)) {
        request.log.error(error);
      }
      return answer({ error: { code: failure.code, message: failure.message } });
    }
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/rest/:method',
    config: { cookieless: true },
    handler: handle,
  });
}
