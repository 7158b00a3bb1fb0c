import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails as a real bug would, so the error log gets an entry.
  t.app.get('/api/v1/test-failure', async () => {
    throw new RangeError('The tape deck jammed');
  });
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const DOWNLOAD = '/api/v1/logs/error/download-latest';

describe('downloading the latest error log', () => {
  it('answers 404 with a message while there is no log', async () => {
    const response = await admin.get(DOWNLOAD);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no error log yet.');
  });

  it('gives an admin the newest log as a file', async () => {
    expect((await admin.get('/api/v1/test-failure')).statusCode).toBe(500);
    const response = await admin.get(DOWNLOAD);
    expect(response.statusCode).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="errors-${day}.log"`,
    );
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const entry = JSON.parse(response.body.trim().split('\n').pop()!);
    expect(entry).toMatchObject({ name: 'RangeError', message: 'The tape deck jammed' });
  });

  it('is closed to members and guests', async () => {
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    expect((await member.get(DOWNLOAD)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(DOWNLOAD)).statusCode).toBe(401);
  });
});

describe('the error log screen', () => {
  it('lists a day’s errors newest first, each with its frames and the code around them', async () => {
    expect((await admin.get('/api/v1/test-failure')).statusCode).toBe(500);
    const day = new Date().toISOString().slice(0, 10);
    const response = await admin.get('/api/v1/admin/error-log?perPage=1');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.files[0]).toBe(`errors-${day}.log`);
    expect(body.file).toBe(`errors-${day}.log`);
    const [entry] = body.pagination.data;
    expect(entry).toMatchObject({
      method: 'GET',
      url: '/api/v1/test-failure',
      debug: { exception: 'RangeError', message: 'The tape deck jammed' },
    });
    // The first frame of our own code is this test's route, with its lines.
    const own = entry.debug.trace.find((item: { vendor?: boolean }) => item.vendor === false);
    expect(own.path).toMatch(/logs\.test\.ts$/);
    expect(Object.values(own.codeSnippet).join('\n')).toContain('The tape deck jammed');
  });

  it('reads only its own daily files', async () => {
    for (const file of ['../../etc/passwd', 'errors-2026-01-01.log/../x', 'secrets.log']) {
      const response = await admin.get(`/api/v1/admin/error-log?file=${encodeURIComponent(file)}`);
      expect(response.statusCode, file).toBe(422);
    }
    const missing = await admin.get('/api/v1/admin/error-log?file=errors-1999-01-01.log');
    expect(missing.statusCode).toBe(404);
  });

  it('is closed to users (403) and guests (401)', async () => {
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    expect((await member.get('/api/v1/admin/error-log')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/v1/admin/error-log')).statusCode).toBe(401);
  });
});

describe('errors reported by browsers', () => {
  const REPORT = '/api/v1/client-errors';
  const report = (message: string) => ({
    message,
    stack: `TypeError: ${message}\n    at play (https://cadenza.test/assets/player-1a2b.js:1:2345)`,
    url: 'https://cadenza.test/album/7/blue-train',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  });

  async function newestEntry() {
    const body = (await admin.get('/api/v1/admin/error-log?perPage=1')).json();
    return body.pagination.data[0];
  }

  it('takes a guest’s report into the admin’s error log, with its page and browser', async () => {
    const guest = await new TestClient(t.app).visit();
    const response = await guest.post(REPORT, report('Cannot read the queue'), {
      remoteAddress: '198.51.100.1',
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await newestEntry()).toMatchObject({
      source: 'browser',
      url: 'https://cadenza.test/album/7/blue-train',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      user_id: null,
      debug: { message: 'Cannot read the queue' },
    });
  });

  it('names the member who reported it', async () => {
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    const response = await member.post(REPORT, report('Lost the playlist'), {
      remoteAddress: '198.51.100.2',
    });
    expect(response.statusCode).toBe(204);
    expect(await newestEntry()).toMatchObject({ user_id: user.id, source: 'browser' });
  });

  it('reads no file a reported stack names', async () => {
    const guest = await new TestClient(t.app).visit();
    const forged = {
      ...report('Forged'),
      stack: `Error: Forged\n    at x (${import.meta.filename}:1:1)\n    at y (/etc/passwd:1:1)`,
    };
    expect((await guest.post(REPORT, forged, { remoteAddress: '198.51.100.3' })).statusCode).toBe(
      204,
    );
    const entry = await newestEntry();
    expect(entry.debug.message).toBe('Forged');
    const frames = entry.debug.trace.flatMap(
      (item: { frames?: { codeSnippet: object }[]; codeSnippet?: object }) => item.frames ?? [item],
    );
    expect(frames.length).toBe(2);
    for (const frame of frames) expect(frame.codeSnippet).toEqual({});
  });

  it('refuses a report without a message or page, or too long, with the field named', async () => {
    const guest = await new TestClient(t.app).visit();
    const options = { remoteAddress: '198.51.100.4' };
    const empty = await guest.post(REPORT, { url: 'https://cadenza.test/' }, options);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toHaveProperty('message');
    const noPage = await guest.post(REPORT, { message: 'x' }, options);
    expect(noPage.statusCode).toBe(422);
    expect(noPage.json().errors).toHaveProperty('url');
    const long = await guest.post(REPORT, { ...report('x'), stack: 'x'.repeat(20_001) }, options);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('stack');
  });

  it('needs the anti-forgery token, as every other call', async () => {
    const guest = await new TestClient(t.app).visit();
    const response = await guest.post(REPORT, report('Forged site'), {
      withoutXsrf: true,
      remoteAddress: '198.51.100.5',
    });
    expect(response.statusCode).toBe(419);
  });

  it('limits how many reports one address sends, and tells when to try again', async () => {
    const guest = await new TestClient(t.app).visit();
    const options = { remoteAddress: '198.51.100.6' };
    for (let sent = 0; sent < 60; sent++) {
      expect((await guest.post(REPORT, report(`Loop ${sent}`), options)).statusCode).toBe(204);
    }
    const throttled = await guest.post(REPORT, report('One too many'), options);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await newestEntry()).debug.message).toBe('Loop 59');
    // Another address is not held back.
    const other = await guest.post(REPORT, report('Elsewhere'), { remoteAddress: '198.51.100.7' });
    expect(other.statusCode).toBe(204);
  });
});
