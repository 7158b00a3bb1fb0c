import { INVALID_TEXT_MESSAGE, isWellFormed } from '@cadenza/contracts/text';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';

/** The path of the first string in `value` that `refused` holds for, if any. */
function firstRefused(
  value: unknown,
  refused: (text: string) => boolean,
  path = '',
): string | undefined {
  if (typeof value === 'string') return refused(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = firstRefused(item, refused, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

const malformed = (text: string) => !isWellFormed(text);
const malformedOrNul = (text: string) => malformed(text) || text.includes('\u0000');

/**
 * Refuses text that no database can store as sent (a lone half of a surrogate pair, which JSON
 * can carry as `"\ud800"`) anywhere in a request's body, query or path, before any route sees
 * it: stored, it would come back mangled.
 *
 * A path naming something with a NUL in it names nothing: no id, slug or name holds one, and
 * PostgreSQL refuses NUL in text outright. It is not found, whatever the route. A NUL in a query
 * (a search's words, a filter) is refused as invalid text for the same reason: it would reach
 * PostgreSQL and fail there. A body's text is cleaned of it by the fields that take text.
 */
export const wellFormedInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const params = Object.values((request.params ?? {}) as Record<string, unknown>);
      if (params.some((value) => typeof value === 'string' && value.includes('\u0000'))) {
        throw AppError.notFound();
      }
      const field =
        firstRefused(request.params, malformed) ??
        firstRefused(request.query, malformedOrNul) ??
        firstRefused(request.body, malformed);
      if (field) throw AppError.validation({ [field]: INVALID_TEXT_MESSAGE });
      done();
    });
  },
  { name: 'well-formed-input' },
);
