import { INVALID_TEXT_MESSAGE, isWellFormed } from '@cadenza/contracts/text';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';

/**
 * How deeply a request's data may nest. No form or API call comes near it; a client that sends
 * thousands of levels is probing, and is told so rather than walked.
 */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The data is nested more than ${MAX_INPUT_DEPTH} levels deep. Send it with fewer levels.`;

interface Refusal {
  field: string;
  message: string;
}

/**
 * The first string in `value` that `refused` holds for (by its path), or the first object nested
 * deeper than MAX_INPUT_DEPTH. Walked with a stack of its own, in document order, so that no
 * depth a client sends can exhaust the call stack.
 */
function firstRefused(
  value: unknown,
  refused: (text: string) => boolean,
  where: 'params' | 'query' | 'body',
): Refusal | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value, path: '', depth: 0 },
  ];
  while (pending.length > 0) {
    const { value: item, path, depth } = pending.pop()!;
    if (typeof item === 'string') {
      if (refused(item)) return { field: path || where, message: INVALID_TEXT_MESSAGE };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: where, message: TOO_DEEP_MESSAGE };
    const entries = Object.entries(item);
    // Last first, so the first entry is walked first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      pending.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
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
 *
 * Data nested deeper than MAX_INPUT_DEPTH, in a body or a query, is refused before any route or
 * schema walks it.
 */
export const wellFormedInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const params = Object.values((request.params ?? {}) as Record<string, unknown>);
      if (params.some((value) => typeof value === 'string' && value.includes('\u0000'))) {
        throw AppError.notFound();
      }
      const refusal =
        firstRefused(request.params, malformed, 'params') ??
        firstRefused(request.query, malformedOrNul, 'query') ??
        firstRefused(request.body, malformed, 'body');
      if (refusal) throw AppError.validation({ [refusal.field]: refusal.message });
      done();
    });
  },
  { name: 'well-formed-input' },
);
