import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../modules/access-tokens/api-docs.js';
import { createUser } from '../test/factories.js';
import { arbitraryFor, hostileValue, requestSchemaOf } from '../test/fuzz/schema-arbitrary.js';
import {
  startListenBrainzStandin,
  type ListenBrainzStandin,
} from '../test/listenbrainz-standin.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';

/**
 * Every route the app serves, called with inputs generated from its own Zod schemas (shaped like
 * them, or hostile), as a guest, a user and an admin: none may answer with a server error or
 * show a stack trace. `npm test` runs 2,000 cases per database; `npm run fuzz` many more.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);

type Identity = 'guest' | 'user' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let listenBrainz: ListenBrainzStandin;
let routes: RouteEntry[];
const clients = {} as Record<Identity, TestClient>;
const accounts = {} as Record<'user' | 'admin', { email: string; password: string }>;
let addresses = 0;

/** Signs in as the identity's account; each time from another address, so no limit is hit. */
async function signIn(identity: Identity): Promise<TestClient> {
  const client = await new TestClient(t.app).visit();
  if (identity === 'guest') return client;
  addresses++;
  const { email, password } = accounts[identity];
  const response = await client.post(
    '/auth/login',
    { email, password },
    { remoteAddress: `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}` },
  );
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

/**
 * A case may sign its client out (logout, another session's end, a ban) or switch it to another
 * account (sign in as): sign the identity's own account in again.
 */
async function clientFor(identity: Identity): Promise<TestClient> {
  if (identity === 'guest') return clients.guest;
  const me = await clients[identity].get('/api/v1/me');
  if (me.statusCode !== 200 || me.json().user.email !== accounts[identity].email) {
    await restoreAccount(identity);
    clients[identity] = await signIn(identity);
  }
  return clients[identity];
}

/**
 * The admin's calls reach the other accounts too (delete, ban, sign in as): give the identity
 * its account back, as it was, before signing in again.
 */
async function restoreAccount(identity: 'user' | 'admin'): Promise<void> {
  const { email, password } = accounts[identity];
  const existing = await t.app.services.users.findByEmail(email);
  if (!existing) {
    await createUser(t.app, { email, password });
    return;
  }
  await t.app.services.users.update(existing.id, {
    banned_at: null,
    banned_until: null,
    ban_reason: null,
  });
}

beforeAll(async () => {
  // Routes that call an outside service call a local one speaking its API, never the internet.
  listenBrainz = await startListenBrainzStandin();
  t = await createTestApp({ LISTENBRAINZ_API_URL: listenBrainz.url });
  const user = await createUser(t.app);
  accounts.user = { email: user.email, password: user.plainPassword };
  accounts.admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  for (const identity of ['guest', 'user', 'admin'] as const)
    clients[identity] = await signIn(identity);
  // Streams that stay open (server-sent events) have tests of their own.
  routes = t.app.routeCatalogue.filter(
    (route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.config?.eventStream,
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  await listenBrainz.close();
});

/** A generated value as text; an object without a prototype has no String() of its own. */
const textOf = (value: unknown): string => {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value) ?? '';
  }
};

// A URL cannot carry half a surrogate pair; the JSON body tests those.
const urlSafe = (value: unknown) =>
  textOf(value).replace(/[\uD800-\uDFFF]/g, (char, index: number, text: string) =>
    /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text.slice(index, index + 2)) ||
    /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text.slice(index - 1, index + 1))
      ? char
      : '\uFFFD',
  );

/** A path with its parameters filled in from the generated values. */
function pathOf(url: string, params: unknown): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return url.replace(/:(\w+)|\*/g, (_match, name: string | undefined) =>
    encodeURIComponent(urlSafe(values[name ?? '*'] ?? 'x')),
  );
}

function queryOf(query: unknown): Record<string, string> {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return {};
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.map(textOf).join(',')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    ]),
  );
}

const routeCase = () =>
  fc.integer({ min: 0, max: routes.length - 1 }).chain((index) => {
    const route = routes[index]!;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    return fc.record({
      // The route by its index and name, so a failure prints as `POST /auth/login`.
      index: fc.constant(index),
      route: fc.constant(`${route.method} ${route.url}`),
      identity: fc.constantFrom<Identity>('guest', 'user', 'admin'),
      params: arbitraryFor(requestSchemaOf(schema.params)),
      query: arbitraryFor(requestSchemaOf(schema.querystring)),
      body: arbitraryFor(requestSchemaOf(schema.body)),
      // Now and then a body the JSON parser must refuse, or another kind of body.
      raw: fc.option(
        fc.oneof(
          fc.record({ type: fc.constant('application/json'), data: fc.string({ maxLength: 60 }) }),
          fc.record({
            type: fc.constantFrom(
              'application/x-www-form-urlencoded',
              'multipart/form-data',
              'multipart/form-data; boundary=x',
              'text/plain',
              'application/xml',
            ),
            data: fc.string({ maxLength: 60 }),
          }),
        ),
        { freq: 4 },
      ),
    });
  });

function expectNoServerError(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('json')) {
    const body = response.json() as Record<string, unknown>;
    expect(body, label).not.toHaveProperty('trace');
    expect(body, label).not.toHaveProperty('exception');
  }
  expect(response.body, label).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
}

describe('every route under generated input', () => {
  it('finds the routes of every module', () => {
    const urls = routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/auth/login', '/api/v1/settings', '/api/v1/playlists']),
    );
    expect(routes.length).toBeGreaterThan(80);
  });

  it(
    `answers ${RUNS} generated requests without a server error or a stack trace`,
    async () => {
      await fc.assert(
        fc.asyncProperty(routeCase(), async ({ index, identity, params, query, body, raw }) => {
          const route = routes[index]!;
          const client = await clientFor(identity);
          const method = route.method as Method;
          const url = pathOf(route.url, params);
          const hasBody = method !== 'GET';
          const response =
            raw && hasBody
              ? await client.request(method, url, raw.data, {
                  headers: { 'content-type': raw.type },
                  query: queryOf(query),
                })
              : await client.request(method, url, hasBody ? (body ?? {}) : undefined, {
                  query: queryOf(query),
                });
          expectNoServerError(response, `${identity} ${method} ${url}`);
        }),
        {
          numRuns: RUNS,
          endOnFailure: true,
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        },
      );
    },
    Math.max(120_000, RUNS * 100),
  );

  it('answers hostile path segments on every route with parameters', async () => {
    const withParams = routes.filter((route) => route.url.includes(':') || route.url.includes('*'));
    const values = fc.sample(hostileValue, 8);
    for (const route of withParams) {
      for (const value of [...values, '', '..', '%2e%2e%2f', 'me', '0', '99999999999999999999']) {
        const url = pathOf(route.url, new Proxy({}, { get: () => value }));
        const client = await clientFor('admin');
        const response = await client.request(
          route.method as Method,
          url,
          route.method === 'GET' ? undefined : {},
        );
        expectNoServerError(response, `admin ${route.method} ${url}`);
      }
    }
  }, 120_000);

  it('answers malformed bodies on every route that takes one, on objects the caller owns', async () => {
    // Each caller's own objects: itself and a playlist, so owner checks are passed.
    const owned = {} as Record<'user' | 'admin', string[]>;
    for (const identity of ['user', 'admin'] as const) {
      const client = await clientFor(identity);
      const me = (await client.get('/api/v1/me')).json().user.id as number;
      const playlist = (await client.post('/api/v1/playlists', { name: 'Fuzz' })).json().playlist
        .id as number;
      owned[identity] = [String(me), String(playlist), '1'];
    }
    const malformed: [string, string][] = [
      ['multipart/form-data', '--x\r\n'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\ncut',
      ],
      ['application/json', '{"name": '],
      ['application/json', '"\\ud800"'],
      ['application/x-www-form-urlencoded', 'a=%zz&&='],
      ['text/plain', 'hello'],
    ];
    const withBody = routes.filter((route) => route.method !== 'GET');
    for (const route of withBody) {
      for (const identity of ['user', 'admin'] as const) {
        for (const id of owned[identity]) {
          for (const [type, data] of malformed) {
            const client = await clientFor(identity);
            const url = pathOf(route.url, new Proxy({}, { get: () => id }));
            const response = await client.request(route.method as Method, url, data, {
              headers: { 'content-type': type },
            });
            expectNoServerError(response, `${identity} ${route.method} ${url} (${type})`);
          }
        }
      }
    }
  }, 300_000);
});
