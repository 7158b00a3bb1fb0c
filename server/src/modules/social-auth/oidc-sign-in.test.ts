import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../test/factories.js';
import {
  forgeClaims,
  signInAtProvider,
  startOidcProvider,
  type OidcAccount,
  type TestOidcProvider,
} from '../../test/oidc-provider.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

const APP_URL = 'http://localhost:3000';
const CLIENT_ID = 'cadenza';
const CLIENT_SECRET = 'a-client-secret-of-some-length';

let t: TestApp;
let provider: TestOidcProvider;
/** The provider's accounts, by the login typed at its form. */
const accounts = new Map<string, OidcAccount>();

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${APP_URL}/secure/auth/social/oidc/callback`,
    accounts,
  });
  t = await createTestApp({
    APP_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: 'Authentik',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(async () => {
  provider.tamperIdToken = undefined;
  await t.app.services.settings.update({ 'registration.disable': false });
});

let logins = 0;
/** A new account at the provider, with an address of its own unless one is given. */
function providerAccount(account: OidcAccount = {}): string {
  const login = `oidc-user-${++logins}-${Date.now()}`;
  accounts.set(login, {
    email: `${login}@example.com`,
    email_verified: true,
    name: 'Nina Simone',
    ...account,
  });
  return login;
}

function popupResult(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="social-result">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`no result in the page: ${html.slice(0, 300)}`);
  return (JSON.parse(match[1]!) as { result: Record<string, unknown> }).result;
}

/**
 * Opens the sign-in popup, signs in at the provider as `login`, and returns the result the
 * popup hands to the app. `alter` changes the way there or back, as an attacker would.
 */
async function signIn(
  client: TestClient,
  login: string,
  alter: { authorize?: (url: URL) => void; back?: (url: URL) => void } = {},
) {
  const start = await client.get('/secure/auth/social/oidc/login');
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(provider.issuer);
  alter.authorize?.(authorize);
  const back = await signInAtProvider(authorize.toString(), login);
  expect(back.origin).toBe(APP_URL);
  alter.back?.(back);
  const callback = await client.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode).toBe(200);
  return popupResult(callback.body);
}

const userOf = (result: Record<string, unknown>) =>
  (result.bootstrapData as { user: { id: number; email: string; email_verified_at: unknown } })
    .user;

describe('OpenID Connect sign-in', () => {
  it('offers the provider under its name, to guests, in the bootstrap data', async () => {
    const client = new TestClient(t.app);
    const data = (await client.get('/api/v1/bootstrap-data')).json();
    const settings = (data.bootstrapData ?? data).settings;
    expect(settings.social.oidc).toEqual({ enable: true, name: 'Authentik', only: false });

    // "OIDC only" is the admin's choice, and the login page reads it from here.
    await t.app.services.settings.update({ 'social.oidc.only': true });
    try {
      const after = (await client.get('/api/v1/bootstrap-data')).json();
      expect((after.bootstrapData ?? after).settings.social.oidc.only).toBe(true);
    } finally {
      await t.app.services.settings.update({ 'social.oidc.only': false });
    }
  });

  it('tells admins, and only them, which integrations the environment sets up', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const listed = await admin.get('/api/v1/admin/integrations');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().integrations).toContainEqual({
      id: 'oidc',
      name: 'OpenID Connect',
      configured: true,
      variables: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'],
    });
    // No Last.fm API account in this environment; ListenBrainz needs none of the server.
    expect(listed.json().integrations).toContainEqual(
      expect.objectContaining({ id: 'lastfm', configured: false }),
    );
    expect(listed.json().integrations).toContainEqual(
      expect.objectContaining({ id: 'listenbrainz', configured: true }),
    );
    expect(JSON.stringify(listed.json())).not.toContain(CLIENT_SECRET);

    const { client: listener } = await signedInUser(t.app);
    expect((await listener.get('/api/v1/admin/integrations')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/v1/admin/integrations')).statusCode).toBe(401);
  });

  it('asks for a code with PKCE, a state and a nonce, after discovery', async () => {
    const client = await new TestClient(t.app).visit();
    const start = await client.get('/secure/auth/social/oidc/login');
    const authorize = new URL(start.headers.location as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.issuer}/auth`);
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: `${APP_URL}/secure/auth/social/oidc/callback`,
    });
    expect(query.state!.length).toBeGreaterThanOrEqual(32);
    expect(query.nonce!.length).toBeGreaterThanOrEqual(32);
    expect(query.code_challenge!.length).toBe(43);
  });

  it('creates an account on first sign-in and signs the same account in again', async () => {
    const login = providerAccount();
    const client = await new TestClient(t.app).visit();
    const first = await signIn(client, login);
    expect(first.status).toBe('SUCCESS');
    const user = userOf(first);
    expect(user.email).toBe(accounts.get(login)!.email);
    expect(user.email_verified_at).not.toBeNull();
    const me = await client.get('/api/v1/me?with=social_profiles');
    expect(me.json().user.social_profiles).toEqual([
      { service_name: 'oidc', username: accounts.get(login)!.email },
    ]);

    const again = await signIn(await new TestClient(t.app).visit(), login);
    expect(again.status).toBe('SUCCESS');
    expect(userOf(again).id).toBe(user.id);
  });

  it('links an existing account by its verified e-mail once its password is given', async () => {
    const existing = await createUser(t.app);
    const login = providerAccount({ email: existing.email });
    const client = await new TestClient(t.app).visit();
    const asked = await signIn(client, login);
    expect(asked).toMatchObject({ status: 'REQUEST_PASSWORD', service: 'oidc' });
    const connected = await client.post('/secure/auth/social/connect', {
      password: existing.plainPassword,
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().bootstrapData.user.id).toBe(existing.id);

    const next = await signIn(await new TestClient(t.app).visit(), login);
    expect(next.status).toBe('SUCCESS');
    expect(userOf(next).id).toBe(existing.id);
  });

  it('refuses an ID token whose claims were changed after signing', async () => {
    // The attacker's own provider account, with the token rewritten to name a victim.
    const victim = providerAccount();
    await signIn(await new TestClient(t.app).visit(), victim);
    const attacker = providerAccount();
    provider.tamperIdToken = (token) => forgeClaims(token, { sub: victim });
    const client = await new TestClient(t.app).visit();
    const result = await signIn(client, attacker);
    expect(result).toEqual({ source: 'cadenza-social-auth', status: 'ERROR' });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('refuses an ID token minted for another sign-in (wrong nonce)', async () => {
    const login = providerAccount();
    const client = await new TestClient(t.app).visit();
    const result = await signIn(client, login, {
      authorize: (url) => url.searchParams.set('nonce', 'a-nonce-from-another-sign-in-attempt'),
    });
    expect(result).toEqual({ source: 'cadenza-social-auth', status: 'ERROR' });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('refuses an answer with another state', async () => {
    const login = providerAccount();
    const client = await new TestClient(t.app).visit();
    const result = await signIn(client, login, {
      back: (url) => url.searchParams.set('state', 'forged-state'),
    });
    expect(result).toMatchObject({
      status: 'ERROR',
      message: 'Your sign-in request has expired. Please try again.',
    });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('does not link, nor offer to link, an account by an unverified e-mail', async () => {
    const existing = await createUser(t.app);
    const login = providerAccount({ email: existing.email, email_verified: false });
    const client = await new TestClient(t.app).visit();
    const result = await signIn(client, login);
    expect(result).toMatchObject({
      status: 'ERROR',
      message:
        'Please sign in the way you signed up, then connect this service in your account settings.',
    });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
    // Nothing is pending that a password could complete.
    const connect = await client.post('/secure/auth/social/connect', {
      password: existing.plainPassword,
    });
    expect(connect.statusCode).toBe(422);
    expect(await t.app.services.socialAuth.profilesOf(existing.id)).toEqual([]);
  });

  it('creates no account while sign-up is disabled, but signs existing links in', async () => {
    const known = providerAccount();
    await signIn(await new TestClient(t.app).visit(), known);
    await t.app.services.settings.update({ 'registration.disable': true });

    const stranger = providerAccount();
    const client = await new TestClient(t.app).visit();
    const refused = await signIn(client, stranger);
    expect(refused).toMatchObject({ status: 'ERROR', message: 'Registration is disabled.' });
    expect(await t.app.services.users.findByEmail(accounts.get(stranger)!.email!)).toBeFalsy();

    const allowed = await signIn(await new TestClient(t.app).visit(), known);
    expect(allowed.status).toBe('SUCCESS');
  });

  it('keeps music apps working for an account made by OIDC: app password and API key', async () => {
    const login = providerAccount();
    const client = await new TestClient(t.app).visit();
    expect((await signIn(client, login)).status).toBe('SUCCESS');
    const email = accounts.get(login)!.email!;

    const { password } = (await client.post('/api/v1/me/music-apps/password')).json();
    const byPassword = await client.get(
      `/rest/ping.view?u=${encodeURIComponent(email)}&p=${encodeURIComponent(password)}&v=1.16.1&c=test&f=json`,
    );
    expect(byPassword.json()['subsonic-response'].status).toBe('ok');

    const token = await client.post('/api/v1/access-tokens', { tokenName: 'Symfonium' });
    expect(token.statusCode).toBe(200);
    const apiKey = token.json().plainTextToken as string;
    const byKey = await new TestClient(t.app).get(
      `/rest/ping.view?apiKey=${encodeURIComponent(apiKey)}&v=1.16.1&c=test&f=json`,
    );
    expect(byKey.json()['subsonic-response'].status).toBe('ok');

    const wrong = await new TestClient(t.app).get(
      `/rest/ping.view?u=${encodeURIComponent(email)}&p=not-it&v=1.16.1&c=test&f=json`,
    );
    expect(wrong.json()['subsonic-response'].status).toBe('failed');
  });
});
