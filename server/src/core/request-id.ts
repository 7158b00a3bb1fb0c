import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a client or proxy gives is kept only when it is this plain: it goes into every log line. */
const WELL_FORMED = /^[A-Za-z0-9._-]{8,128}$/;
const ID = Symbol('request id');

type Tagged = IncomingMessage & { [ID]?: string };

/**
 * The request's id: the one it came with (`X-Request-Id`, from a proxy or a client tracing its
 * call) when well formed, else a new one. Worked out once per request, so the edge, which answers
 * some requests before the framework, and the framework's logger (`genReqId`) agree.
 */
export function requestIdOf(request: IncomingMessage): string {
  const tagged = request as Tagged;
  if (tagged[ID] !== undefined) return tagged[ID];
  const given = request.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && WELL_FORMED.test(given) ? given : crypto.randomUUID();
  tagged[ID] = id;
  return id;
}

/**
 * Every answer the framework writes carries the request's id. The edge sets it on the connection's
 * answer already (see `edge.ts`); this covers requests that reach the app without a server
 * (`inject`) and answers written by hand from the reply's headers (event streams).
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
