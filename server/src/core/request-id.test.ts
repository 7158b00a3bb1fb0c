import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let port: number;
/** Every line the app logged, as JSON. */
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info', APP_URL: 'http://localhost:3000' },
    { logStream: { write: (line) => void logged.push(JSON.parse(line)) } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** A request over HTTP, so the edge (which answers some before the framework) is in the way. */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; id: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (response) => {
        response.resume();
        const id = response.headers['x-request-id'];
        response.on('end', () => resolve({ status: response.statusCode!, id: id as string }));
      })
      .on('error', reject);
  });
}

const linesOf = (id: string) => logged.filter((line) => line.reqId === id);

describe('request ids', () => {
  it('echoes a well-formed id on the answer and in every log line of the request', async () => {
    const id = 'trace-4bf92f3577b34da6.a3ce929d0e0e4736';
    const answer = await get('/api/v1/health/ready', { 'x-request-id': id });
    expect(answer.id).toBe(id);
    const lines = linesOf(id);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]).toMatchObject({ res: { statusCode: answer.status } });
  });

  it('replaces an id that is too short, too long or not plain text with a new one', async () => {
    const refused = [
      'short',
      'x'.repeat(129),
      'has spaces in it',
      'semi;colon-1234',
      'ümlaut-1234',
    ];
    const given = new Set<string>();
    for (const id of refused) {
      const answer = await get('/api/v1/nope', { 'x-request-id': encodeURI(id) });
      expect(answer.status).toBe(404);
      expect(answer.id).toMatch(/^[\w.-]{8,128}$/);
      expect(answer.id).not.toBe(encodeURI(id));
      given.add(answer.id!);
      expect(linesOf(answer.id!).length).toBeGreaterThan(0);
    }
    expect(given.size).toBe(refused.length);
    // Without one, each request gets its own.
    const [one, two] = [await get('/api/v1/nope'), await get('/api/v1/nope')];
    expect(one.id).toMatch(/^[\w.-]{8,128}$/);
    expect(one.id).not.toBe(two.id);
  });

  it('is on the answers the edge sends before the framework, and in its log line', async () => {
    await get('/api/v1/health');
    const before = t.app.edge.sent;
    const id = 'monitor-probe-0001';
    expect(await get('/api/v1/health', { 'x-request-id': id })).toEqual({ status: 200, id });
    expect(t.app.edge.sent).toBe(before + 1);
    expect(linesOf(id).map((line) => line.msg)).toEqual(['request completed by the edge']);
    // The kept answer is not another request's id: each gets its own.
    expect((await get('/api/v1/health')).id).not.toBe(id);

    // A page visit at another name of this machine, sent on to APP_URL by the edge.
    const visit = await get('/login', {
      host: '127.0.0.1:3000',
      accept: 'text/html',
      'sec-fetch-mode': 'navigate',
      'x-request-id': 'redirected-visit-1',
    });
    expect(visit).toEqual({ status: 308, id: 'redirected-visit-1' });
  });

  it('is on answers made without a server too (inject)', async () => {
    const answer = await t.app.inject({
      url: '/api/v1/nope',
      headers: { 'x-request-id': 'injected-call-01' },
    });
    expect(answer.headers['x-request-id']).toBe('injected-call-01');
  });
});
