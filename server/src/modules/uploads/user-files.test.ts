import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';

const SCRIPTED_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/rest/ping")</script></svg>',
);
const USER_CONTENT = 'http://files.cadenza.test';

async function upload(client: TestClient, data: Buffer, filename: string) {
  const { body, headers } = multipartFile(data, { filename });
  const response = await client.request('POST', '/api/v1/file-entries', body, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().fileEntry as { id: number; url: string };
}

describe('uploaded files on the app’s origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps their own sandbox policy, and only ever downloads what can run script', async () => {
    const { client } = await signedInUser(t.app);
    const svg = await upload(client, SCRIPTED_SVG, 'logo.svg');
    const served = await client.get(svg.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toBe("default-src 'none';sandbox");
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="logo.svg"/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const text = await upload(client, Buffer.from('plain words'), 'notes.txt');
    const shown = await client.get(text.url);
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.headers['content-security-policy']).toBe("default-src 'none';sandbox");
  });

  it('serves no signed links without a user-content origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/user-files/1/1.x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('uploaded files on a user-content origin (USER_CONTENT_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ USER_CONTENT_URL: USER_CONTENT, APP_URL: 'http://cadenza.test' });
  });
  afterAll(() => t.close());

  const fetchLink = (url: string, host = 'files.cadenza.test') =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { host } });

  it('links files to that origin by signed, expiring links that need no cookies', async () => {
    const { client } = await signedInUser(t.app);
    const text = await upload(client, Buffer.from('plain words'), 'notes.txt');
    expect(text.url).toMatch(
      new RegExp(`^${USER_CONTENT}/user-files/${text.id}/\\d+\\.[\\w-]{43}$`),
    );
    const served = await fetchLink(text.url);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('plain words');
    expect(served.headers['content-security-policy']).toBe("default-src 'none';sandbox");
    expect(served.headers['set-cookie']).toBeUndefined();

    // The API's address of the file sends its reader there.
    const redirect = await client.get(`/api/v1/file-entries/${text.id}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(text.url);

    // Not on the app's own origin, not forged, not once expired.
    expect((await fetchLink(text.url, 'cadenza.test')).statusCode).toBe(404);
    const forged = text.url.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    expect((await fetchLink(forged)).statusCode).toBe(404);
    const other = text.url.replace(`/user-files/${text.id}/`, `/user-files/${text.id + 1}/`);
    expect((await fetchLink(other)).statusCode).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 3_600_000 });
    try {
      const expired = await fetchLink(text.url);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe(
        'This link has expired or is not valid. Open the file again.',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a user-content address that is not a URL of another host', () => {
    expect(() => loadConfig({ USER_CONTENT_URL: 'files' })).toThrow(
      /USER_CONTENT_URL: expected a URL starting with http:\/\/ or https:\/\//,
    );
    expect(() =>
      loadConfig({
        APP_URL: 'https://music.example.com',
        USER_CONTENT_URL: 'https://music.example.com/files',
      }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({
        APP_URL: 'https://music.example.com',
        USER_CONTENT_URL: 'https://usercontent.example.com/',
      }).userContentUrl,
    ).toBe('https://usercontent.example.com');
  });
});
