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
