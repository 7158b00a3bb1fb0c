import { INVALID_TEXT_MESSAGE, isWellFormed } from '@cadenza/contracts/text';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';

/** The path of the first string in `value` that is not well-formed UTF-16, if any. */
function firstMalformed(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return isWellFormed(value) ? undefined : path || 'body';
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = firstMalformed(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses text that no database can store as sent (a lone half of a surrogate pair, which JSON
 * can carry as `"\ud800"`) anywhere in a request's body, query or path, before any route sees
 * it: stored, it would come back mangled.
 *
 * A path naming something with a NUL in it names nothing: no id, slug or name holds one, and
 * PostgreSQL refuses NUL in text outright. It is not found, whatever the route.
 */
export const wellFormedInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const params = Object.values((request.params ?? {}) as Record<string, unknown>);
      if (params.some((value) => typeof value === 'string' && value.includes('\u0000'))) {
        throw AppError.notFound();
      }
      for (const part of [request.params, request.query, request.body]) {
        const field = firstMalformed(part, '');
        if (field) throw AppError.validation({ [field]: INVALID_TEXT_MESSAGE });
      }
      done();
    });
  },
  { name: 'well-formed-input' },
);
