import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let port: number;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ APP_URL: `http://localhost:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

/** A request to this app with the Host header a browser at `host` would send. */
function visit(
  host: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { ...headers, host } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode!, location: response.headers.location });
      })
      .on('error', reject);
  });
}

const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };

describe('the address the app is opened at', () => {
  it('sends a page visit at another name of this machine to APP_URL, path and query kept', async () => {
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect(await visit(host, '/checkout/success?session_id=cs_1', page)).toEqual({
        status: 308,
        location: `http://localhost:${port}/checkout/success?session_id=cs_1`,
      });
    }
  });

  it('answers API calls, and visits at APP_URL itself, where they are', async () => {
    expect((await visit(`127.0.0.1:${port}`, '/api/v1/health')).status).toBe(200);
    expect((await visit(`localhost:${port}`, '/api/v1/health', page)).status).toBe(200);
    // Another port is another app.
    expect((await visit('127.0.0.1:1', '/api/v1/health', page)).status).toBe(200);
  });

  it('serves a visit at an address it cannot tell from a proxy, and says once that it differs', async () => {
    const warnings: string[] = [];
    const warn = t.app.log.warn.bind(t.app.log);
    t.app.log.warn = ((message: unknown) => {
      if (typeof message === 'string') warnings.push(message);
    }) as typeof t.app.log.warn;
    try {
      for (let i = 0; i < 2; i++)
        expect((await visit('music.example.net', '/api/v1/health', page)).status).toBe(200);
    } finally {
      t.app.log.warn = warn;
    }
    expect(warnings).toEqual([
      expect.stringContaining('Cadenza was opened at music.example.net, but APP_URL is'),
    ]);
  });
});
