import type { IncomingMessage } from 'node:http';
import { METHOD_OVERRIDE_HEADER } from '@cadenza/contracts/http';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);
const HEADER = METHOD_OVERRIDE_HEADER.toLowerCase();

/**
 * A POST carrying `X-HTTP-Method-Override` or `?_method=` is routed as that method. It runs
 * before routing (from Fastify's rewriteUrl), so the override chooses the route as it would
 * have been chosen for the real method.
 */
export function overrideMethod(req: IncomingMessage): void {
  if (req.method !== 'POST') return;
  const header = req.headers[HEADER];
  let requested = Array.isArray(header) ? header[0] : header;
  if (!requested && req.url?.includes('_method=')) {
    requested = new URL(req.url, 'http://localhost').searchParams.get('_method') ?? undefined;
  }
  const method = requested?.toUpperCase();
  if (method && OVERRIDABLE.has(method)) req.method = method;
}
