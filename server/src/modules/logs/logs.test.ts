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
