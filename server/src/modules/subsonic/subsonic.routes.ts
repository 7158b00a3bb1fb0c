import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { Storage } from '../../infra/storage.js';
import type { AccessTokensService } from '../access-tokens/access-tokens.service.js';
import type { InternetRadioService } from '../internet-radio/internet-radio.service.js';
import type { LibraryService } from '../library/library.service.js';
import type { MusicServices } from '../music/music.services.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { UsersService } from '../users/users.service.js';
import type { AppPasswords } from './app-passwords.js';
import { STREAMED, type Params } from './methods/method.js';
import { createSubsonicMethods } from './methods/registry.js';
import { createSubsonicAuth } from './subsonic-auth.service.js';
import {
  envelope,
  SUBSONIC_ERRORS,
  SubsonicError,
  type SubsonicFormat,
  type SubsonicNode,
} from './subsonic-response.js';

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
    music,
    library: importer,
    radio,
    tokens,
    appPasswords,
    users,
    permissions,
    storage,
    limiter,
    appUrl,
    serverVersion,
  }: {
    music: MusicServices;
    library: LibraryService;
    radio: InternetRadioService;
    tokens: AccessTokensService;
    appPasswords: AppPasswords;
    permissions: PermissionsService;
    storage: Storage;
    appUrl: string;
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
  const methods = createSubsonicMethods({
    music,
    importer,
    radio,
    users,
    permissions,
    storage,
    appUrl,
  });
  const auth = createSubsonicAuth({ tokens, appPasswords, users, permissions, limiter });

  /** The call's parameters: its query, and its form body once read. */
  const paramsOf = (request: FastifyRequest) => {
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (typeof request.body === 'string') {
      for (const [name, value] of new URLSearchParams(request.body)) params.append(name, value);
    }
    return params;
  };

  /** An answer in the envelope, in the format the call asked for. */
  const answerer = (params: Params, reply: FastifyReply) => (body: SubsonicNode) => {
    const wanted = params.get('f');
    const format: SubsonicFormat = wanted === 'json' || wanted === 'jsonp' ? wanted : 'xml';
    const callback = params.get('callback') ?? undefined;
    const { type, text } = envelope(body, {
      format: format === 'jsonp' && !/^[\w.$]{1,64}$/.test(callback ?? '') ? 'json' : format,
      callback,
      serverVersion,
    });
    return reply.status(200).type(type).header('cache-control', 'no-store').send(text);
  };

  // Failures before the handler (a body over the limit, a parameter refused by the app's input
  // checks) are answered in the envelope too: clients read Subsonic codes, never a 413 or 422.
  app.setErrorHandler((error, request, reply) => {
    const tooLarge = (error as { statusCode?: number }).statusCode === 413;
    const failure = tooLarge
      ? new SubsonicError(SUBSONIC_ERRORS.generic, 'The request is too large: send at most 64 KB.')
      : subsonicFailure(error);
    if (!tooLarge && !(error instanceof SubsonicError) && !(error instanceof AppError)) {
      request.log.error(error);
    }
    return answerer(
      new URLSearchParams(request.url.split('?')[1] ?? ''),
      reply,
    )({ error: { code: failure.code, message: failure.message } });
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = paramsOf(request);
    const answer = answerer(params, reply);

    const name = (request.params as { method: string }).method.replace(/\.view$/, '');
    try {
      const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
      const caller = await auth.authenticate(params, request.ip);
      if (!method) {
        throw new SubsonicError(SUBSONIC_ERRORS.generic, `Unknown method: ${name}`);
      }
      const result = await method(params, caller, request, reply);
      // A method that streams has answered already.
      return result === STREAMED ? reply : answer(result);
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
