import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed. */
  body: unknown;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The server behind `fetch` for screen tests: replies by "METHOD /path"; a function reply sees
 * the query (for pages) and may answer later (a promise). Every call is recorded.
 */
export function mockMusicApi() {
  type Reply = { status: number; body: unknown } | ((query: URLSearchParams) => unknown);
  const replies = new Map<string, Reply>();
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.href);
      const method =
        new Headers(init.headers).get('X-HTTP-Method-Override') ?? init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const reply = replies.get(`${method} ${url.pathname}`);
      if (!reply) return json({ message: 'Not found' }, 404);
      if (typeof reply === 'function') return json(await reply(url.searchParams));
      return json(reply.body, reply.status);
    }),
  );
  return {
    calls,
    on(route: string, body: unknown, status = 200) {
      replies.set(route, { body, status });
      return this;
    },
    onQuery(route: string, respond: (query: URLSearchParams) => unknown) {
      replies.set(route, respond);
      return this;
    },
    callsTo(route: string) {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}
