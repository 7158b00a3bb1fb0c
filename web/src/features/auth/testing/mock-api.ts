import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** Path without the query, e.g. `/auth/login`. */
  path: string;
  query: URLSearchParams;
  /** JSON bodies parsed; FormData as it was sent. */
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | (() => Promise<Response> | Response);

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A stand-in for the server behind `fetch`: replies are registered by "METHOD /path" (the
 * method as the app meant it, after method override), and every call is recorded.
 */
export function mockApi() {
  const replies = new Map<string, Reply>();
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const headers = new Headers(init.headers);
    const method = headers.get('X-HTTP-Method-Override') ?? init.method ?? 'GET';
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const reply = replies.get(`${method} ${url.pathname}`);
    if (!reply) return jsonResponse({ message: `No reply for ${method} ${url.pathname}` }, 500);
    if (typeof reply === 'function') return reply();
    return jsonResponse(reply.body ?? {}, reply.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    /** Answers `METHOD /path` with this body (and status, 200 by default). */
    on(route: string, body: unknown, status = 200) {
      replies.set(route, { body, status });
      return this;
    },
    /** Answers with a response made on demand (for example one that never arrives). */
    onCall(route: string, respond: () => Promise<Response> | Response) {
      replies.set(route, respond);
      return this;
    },
    callsTo(route: string) {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

/** A validation failure as the server sends it. */
export function validationError(errors: Record<string, string | string[]>, message = 'Invalid') {
  return { message, errors };
}
