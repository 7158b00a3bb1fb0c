import { LIST_QUERY_PARAMS } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';

/** `with`, `load` and `loadCount` arrive comma-joined (or repeated); routes always see arrays. */
export function splitListParams(query: Record<string, unknown>): void {
  for (const name of LIST_QUERY_PARAMS) {
    const value = query[name];
    if (value === undefined) continue;
    const parts = Array.isArray(value) ? value : [value];
    query[name] = parts
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter(Boolean);
  }
}

export function registerQueryLists(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.query && typeof request.query === 'object')
      splitListParams(request.query as Record<string, unknown>);
    done();
  });
}
