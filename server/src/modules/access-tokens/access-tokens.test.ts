import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type UserOptions } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { inlineScriptsOf, scriptHashSource } from '../../core/security-headers.js';
import { API_REFERENCE_PATH, OPENAPI_JSON_PATH } from './api-docs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (options: UserOptions = {}) => signedInUser(t.app, options);

async function setApiIntegrated(value: boolean) {
  await t.app.services.settings.update({ 'api.integrated': value });
}

describe('personal access tokens', () => {
  it('creates a token shown once, authenticates with it and deletes it', async () => {
    const { user, client } = await signedIn();
    const created = await client.post('/api/v1/access-tokens', { tokenName: 'My script' });
    expect(created.statusCode).toBe(200);
    const { plainTextToken, token } = created.json();
    expect(token).toMatchObject({ name: 'My script', last_used_at: null });
    expect(plainTextToken).toMatch(/^\d+\|/);

    const bearer = new TestClient(t.app);
    const me = await bearer.get('/api/v1/me', {
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(me.json().user.id).toBe(user.id);

    const list = (await client.get('/api/v1/access-tokens')).json().tokens;
    expect(list.map((item: { name: string }) => item.name)).toEqual(['My script']);
    expect(JSON.stringify(list)).not.toContain(plainTextToken.split('|')[1]);

    const deleted = await client.request('DELETE', `/api/v1/access-tokens/${token.id}`);
    expect(deleted.json()).toEqual({ message: 'Token deleted' });
    const after = await bearer.get('/api/v1/me', {
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('lists the tokens on the user as the account screens ask for them, never their secrets', async () => {
    const { client } = await signedIn();
    const { plainTextToken } = (
      await client.post('/api/v1/access-tokens', { tokenName: 'Phone app' })
    ).json();
    const me = await client.get('/api/v1/me?with=roles,social_profiles,tokens');
    expect(me.statusCode).toBe(200);
    const { user } = me.json();
    expect(user.roles.map((role: { name: string }) => role.name)).toEqual(['users']);
    expect(user.social_profiles).toEqual([]);
    expect(user.tokens).toEqual([
      {
        id: expect.any(Number),
        name: 'Phone app',
        last_used_at: null,
        created_at: expect.any(String),
      },
    ]);
    expect(me.body).not.toContain(plainTextToken.split('|')[1]);
    expect((await client.get('/api/v1/users/me?with=tokens')).json().user.tokens).toHaveLength(1);
  });

  it("answers 404 for another user's token", async () => {
    const { client } = await signedIn();
    const { client: other } = await signedIn();
    const id = (await other.post('/api/v1/access-tokens', { tokenName: 'theirs' })).json().token
      .id as number;
    expect((await client.request('DELETE', `/api/v1/access-tokens/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/v1/access-tokens')).json().tokens).toHaveLength(1);
  });

  it('needs the api.access permission', async () => {
    const { client } = await signedIn({ roles: [] });
    expect((await client.get('/api/v1/access-tokens')).statusCode).toBe(403);
  });

  it('turns the token endpoints and bearer authentication off with api.integrated', async () => {
    const { client } = await signedIn();
    const { plainTextToken } = (
      await client.post('/api/v1/access-tokens', { tokenName: 'cli' })
    ).json();
    await setApiIntegrated(false);
    try {
      expect((await client.get('/api/v1/access-tokens')).statusCode).toBe(404);
      expect((await client.post('/api/v1/access-tokens', { tokenName: 'x' })).statusCode).toBe(404);
      const bearer = await new TestClient(t.app).get('/api/v1/me', {
        headers: { authorization: `Bearer ${plainTextToken}` },
      });
      expect(bearer.statusCode).toBe(401);
    } finally {
      await setApiIntegrated(true);
    }
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document of the API routes and the reference page', async () => {
    const { client } = await signedIn();
    const spec = await client.get(OPENAPI_JSON_PATH);
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/access-tokens'].post.requestBody).toBeDefined();
    expect(doc.paths['/auth/register']).toBeDefined();
    // Readiness answers 503 with the same body when a dependency fails.
    const ready = doc.paths['/api/v1/health/ready'].get.responses;
    expect(Object.keys(ready).sort()).toEqual(['200', '503']);
    expect(ready['503'].content['application/json'].schema.properties.checks.required).toEqual([
      'database',
      'redis',
      'storage',
    ]);
    // A client learns the workspace roles there, and may invite without naming one.
    const lists = doc.paths['/api/v1/value-lists/{names}'].get;
    expect(lists.description).toContain('workspaceRoles');
    expect(lists.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'workspaceRoles',
    );
    const invite =
      doc.paths['/api/v1/workspace/{id}/invite'].post.requestBody.content['application/json']
        .schema;
    expect(invite.required).toEqual(['emails']);
    expect(invite.properties.role_id.description).toContain('value-lists/workspaceRoles');
    expect(Object.keys(doc.paths).every((p: string) => /^\/(api\/v1|auth|secure)\//.test(p))).toBe(
      true,
    );
    const page = await client.get(`${API_REFERENCE_PATH}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The page's own start-up script is allowed by its hash; nothing else inline runs.
    const policy = String(page.headers['content-security-policy']);
    const scripts = inlineScriptsOf(page.body);
    expect(scripts).toHaveLength(1);
    const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!.split(' ');
    expect(scriptSources).toContain(scriptHashSource(scripts[0]!));
    expect(scriptSources).not.toContain("'unsafe-inline'");
    // The reference's own script, loaded with the first visit.
    const script = await client.get(`${API_REFERENCE_PATH}/js/scalar.js`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('createApiReference');
  });

  it('lets the browser keep the reference page for its user alone, and revalidate it', async () => {
    const { client } = await signedIn();
    const page = await client.get(`${API_REFERENCE_PATH}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await client.get(`${API_REFERENCE_PATH}/`, {
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    const stale = await client.get(`${API_REFERENCE_PATH}/`, {
      headers: { 'if-none-match': '"an-older-page"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(page.body);
    // Still shown to nobody else.
    const guest = await new TestClient(t.app).get(`${API_REFERENCE_PATH}/`, {
      headers: { 'if-none-match': etag },
    });
    expect(guest.statusCode).toBe(404);
  });

  it('is hidden from guests, users without api.access and when the API is off', async () => {
    expect((await new TestClient(t.app).get(OPENAPI_JSON_PATH)).statusCode).toBe(404);
    const { client: plain } = await signedIn({ roles: [] });
    expect((await plain.get(OPENAPI_JSON_PATH)).statusCode).toBe(404);
    const { client } = await signedIn();
    await setApiIntegrated(false);
    try {
      expect((await client.get(API_REFERENCE_PATH)).statusCode).toBe(404);
    } finally {
      await setApiIntegrated(true);
    }
  });
});
