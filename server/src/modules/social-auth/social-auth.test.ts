import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signedInUser, type UserOptions } from '../../test/factories.js';
import { startSmtpServer } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

const CLIENT_ID = 'cadenza-web';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let idp: OAuth2Server;
/** The identity the provider vouches for on its next sign-in. */
let identity: Record<string, unknown>;

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { aud: CLIENT_ID }, identity);
  });
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await idp.stop();
  await smtp.close();
});

beforeEach(async () => {
  identity = { sub: `google-${Math.random()}`, email_verified: true, name: 'Ada Lovelace' };
  await t.app.services.settings.update({
    'social.google.enable': true,
    'social.google.client_id': CLIENT_ID,
    'social.google.client_secret': 'client-secret',
    'social.google.endpoints': {
      authorize: `${idpUrl()}/authorize`,
      token: `${idpUrl()}/token`,
      userinfo: `${idpUrl()}/userinfo`,
    },
    'social.facebook.enable': false,
    'registration.disable': false,
  });
});

function idpUrl() {
  const address = idp.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** Reads the result the callback page posts to the window that opened the popup. */
function popupResult(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="social-result">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`no result in the page: ${html}`);
  return (JSON.parse(match[1]!) as { result: Record<string, unknown> }).result;
}

/** Opens the popup, lets the provider sign the user in, and returns the page it ends on. */
async function popup(client: TestClient, mode: 'login' | 'connect' = 'login', service = 'google') {
  const start = await client.get(`/secure/auth/social/${service}/${mode}`);
  if (start.statusCode !== 302) return { start, result: popupResult(start.body) };
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(idpUrl());
  const consent = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const callback = await client.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode).toBe(200);
  expect(callback.headers['content-type']).toContain('text/html');
  return { start, callback, result: popupResult(callback.body) };
}

const signedIn = (options: UserOptions = {}) => signedInUser(t.app, options);

describe('social sign-in', () => {
  it('registers an unknown e-mail with the default role and signs the new user in', async () => {
    identity.email = `new-${Date.now()}@example.com`;
    const client = await new TestClient(t.app).visit();
    const { callback, result } = await popup(client);

    expect(result.status).toBe('SUCCESS');
    const bootstrap = result.bootstrapData as { user: Record<string, unknown> };
    expect(bootstrap.user.email).toBe(identity.email);
    expect(bootstrap.user.display_name).toBe('Ada Lovelace');
    expect(bootstrap.user.email_verified_at).not.toBeNull();
    expect((bootstrap.user.roles as unknown[]).length).toBeGreaterThan(0);
    // Posted to the app's origin only.
    expect(callback!.body).toContain(JSON.stringify(new URL(t.config.appUrl).origin));

    const me = await client.get('/api/v1/me?with=social_profiles');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.social_profiles).toEqual([
      { service_name: 'google', username: identity.email },
    ]);
    const welcome = await smtp.waitFor(identity.email as string, /Welcome/);
    expect(welcome.text).toContain('Your account is ready.');
  });

  it('mails a verification code to a new account whose e-mail the service has not verified', async () => {
    await t.app.services.settings.update({ require_email_confirmation: true });
    try {
      identity.email = `confirm-${Date.now()}@example.com`;
      identity.email_verified = false;
      const client = await new TestClient(t.app).visit();
      const { result } = await popup(client);
      expect(result.status).toBe('SUCCESS');
      const mail = await smtp.waitFor(identity.email as string, /verification code/);
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
      const blocked = await client.post('/api/v1/access-tokens', { tokenName: 'cli' });
      expect(blocked.statusCode).toBe(403);
      const verified = await client.post('/api/v1/validate-email-verification-otp', { code });
      expect(verified.statusCode).toBe(200);
      await smtp.waitFor(identity.email as string, /Welcome/);
    } finally {
      await t.app.services.settings.update({ require_email_confirmation: false });
    }
  });

  it('sends the PKCE challenge and the OpenID scopes to Google', async () => {
    const client = await new TestClient(t.app).visit();
    const start = await client.get('/secure/auth/social/google/login');
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${t.config.appUrl}/secure/auth/social/google/callback`,
    );
  });

  it('leaves the e-mail unverified when the provider has not verified it', async () => {
    identity.email = `unverified-${Date.now()}@example.com`;
    identity.email_verified = false;
    const { result } = await popup(await new TestClient(t.app).visit());
    const bootstrap = result.bootstrapData as { user: Record<string, unknown> };
    expect(bootstrap.user.email_verified_at).toBeNull();
  });

  it('signs a returning user in to the same account', async () => {
    identity.email = `returning-${Date.now()}@example.com`;
    const first = await popup(await new TestClient(t.app).visit());
    const firstId = (first.result.bootstrapData as { user: { id: number } }).user.id;

    const client = await new TestClient(t.app).visit();
    const again = await popup(client);
    expect(again.result.status).toBe('SUCCESS');
    expect((again.result.bootstrapData as { user: { id: number } }).user.id).toBe(firstId);
    expect((await client.get('/api/v1/me')).json().user.id).toBe(firstId);
  });

  it('answers ALREADY_LOGGED_IN to a signed-in user', async () => {
    const { client } = await signedIn();
    const { start, result } = await popup(client);
    expect(start.statusCode).toBe(200);
    expect(result).toMatchObject({ status: 'ALREADY_LOGGED_IN' });
  });

  it('asks for the password of an existing account, then connects it', async () => {
    const user = await createUser(t.app);
    identity.email = user.email;
    const client = await new TestClient(t.app).visit();
    const { result } = await popup(client);
    expect(result).toMatchObject({ status: 'REQUEST_PASSWORD', service: 'google' });
    expect(result.bootstrapData).toBeUndefined();
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);

    const wrong = await client.post('/secure/auth/social/connect', { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toBe('The provided password is incorrect.');
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);

    const right = await client.post('/secure/auth/social/connect', {
      password: user.plainPassword,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().bootstrapData.user.id).toBe(user.id);

    // From now on the service signs this account in directly.
    const next = await popup(await new TestClient(t.app).visit());
    expect(next.result.status).toBe('SUCCESS');
    expect((next.result.bootstrapData as { user: { id: number } }).user.id).toBe(user.id);
  });

  it('rate-limits the password of a pending connection', async () => {
    const user = await createUser(t.app);
    identity.email = user.email;
    const client = await new TestClient(t.app).visit();
    await popup(client, 'login');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const attempt = await client.post(
        '/secure/auth/social/connect',
        { password: `wrong-${i}` },
        { remoteAddress: '10.9.8.7' },
      );
      statuses.push(attempt.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
  });

  it('refuses to connect without a pending profile', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.post('/secure/auth/social/connect', { password: 'anything' });
    expect(response.statusCode).toBe(422);
  });

  it('answers ERROR when the state does not match', async () => {
    identity.email = `state-${Date.now()}@example.com`;
    const client = await new TestClient(t.app).visit();
    const start = await client.get('/secure/auth/social/google/login');
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    back.searchParams.set('state', 'forged-state');
    const callback = await client.get(`${back.pathname}${back.search}`);
    expect(popupResult(callback.body)).toMatchObject({
      status: 'ERROR',
      message: 'Your sign-in request has expired. Please try again.',
    });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('answers ERROR when the callback comes back to another browser', async () => {
    identity.email = `other-${Date.now()}@example.com`;
    const victim = await new TestClient(t.app).visit();
    const start = await victim.get('/secure/auth/social/google/login');
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const attacker = await new TestClient(t.app).visit();
    const callback = await attacker.get(`${back.pathname}${back.search}`);
    expect(popupResult(callback.body).status).toBe('ERROR');
  });

  it('answers ERROR with no message when the provider refuses the code', async () => {
    identity.email = `refused-${Date.now()}@example.com`;
    idp.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const { result } = await popup(await new TestClient(t.app).visit());
    expect(result).toEqual({ source: 'cadenza-social-auth', status: 'ERROR' });
  });

  it('answers 404 for a disabled or unknown service', async () => {
    const client = await new TestClient(t.app).visit();
    expect((await client.get('/secure/auth/social/facebook/login')).statusCode).toBe(404);
    expect((await client.get('/secure/auth/social/facebook/callback')).statusCode).toBe(404);
    // No OpenID Connect provider in this app's environment.
    expect((await client.get('/secure/auth/social/oidc/login')).statusCode).toBe(404);
    expect((await client.get('/secure/auth/social/myspace/login')).statusCode).not.toBe(302);
  });

  it('refuses registration when registration is disabled', async () => {
    await t.app.services.settings.update({ 'registration.disable': true });
    identity.email = `closed-${Date.now()}@example.com`;
    const { result } = await popup(await new TestClient(t.app).visit());
    expect(result).toMatchObject({ status: 'ERROR', message: 'Registration is disabled.' });
  });

  it('sends a user with two-factor to the challenge', async () => {
    const { user, client } = await signedIn();
    expect(
      (await client.post('/auth/user/confirm-password', { password: user.plainPassword }))
        .statusCode,
    ).toBe(201);
    await client.post('/auth/user/two-factor-authentication');
    const { secret } = (await client.get('/auth/user/two-factor/qr-code')).json();
    await client.post('/auth/user/confirmed-two-factor-authentication', {
      code: await generate({ secret }),
    });
    const { result: connected } = await popup(client, 'connect');
    expect(connected).toMatchObject({ status: 'SUCCESS', connected: 'google' });

    const visitor = await new TestClient(t.app).visit();
    const { result } = await popup(visitor);
    expect(result).toMatchObject({ status: 'SUCCESS', two_factor: true });
    expect(result.bootstrapData).toBeUndefined();
    expect((await visitor.get('/api/v1/me')).statusCode).toBe(401);

    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await visitor.post('/auth/two-factor-challenge', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().bootstrapData.user.id).toBe(user.id);
  });
});

describe('connecting and disconnecting from account settings', () => {
  it('connects the service to the signed-in user and disconnects it', async () => {
    const { user, client } = await signedIn();
    const { result } = await popup(client, 'connect');
    expect(result).toMatchObject({ status: 'SUCCESS', connected: 'google' });
    const me = await client.get('/api/v1/users/me?with=social_profiles');
    expect(me.json().user.social_profiles).toEqual([
      { service_name: 'google', username: 'Ada Lovelace' },
    ]);

    const off = await client.post('/secure/auth/social/google/disconnect');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ social_profiles: [] });
    expect(
      (await client.get('/api/v1/me?with=social_profiles')).json().user.social_profiles,
    ).toEqual([]);
    expect(user.id).toBeGreaterThan(0);
  });

  it('refuses a service account that belongs to another user', async () => {
    identity.email = `owner-${Date.now()}@example.com`;
    await popup(await new TestClient(t.app).visit());
    const { client } = await signedIn();
    const { result } = await popup(client, 'connect');
    expect(result).toMatchObject({
      status: 'ERROR',
      message: 'This account is already connected to another user.',
    });
  });

  it('asks a guest to sign in before connecting', async () => {
    const { result } = await popup(await new TestClient(t.app).visit(), 'connect');
    expect(result).toMatchObject({ status: 'ERROR' });
  });

  it('keeps the last way in of a user without a password', async () => {
    identity.email = `passwordless-${Date.now()}@example.com`;
    const client = await new TestClient(t.app).visit();
    await popup(client);
    const refused = await client.post('/secure/auth/social/google/disconnect');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Set a password');
    expect(
      (await client.get('/api/v1/me?with=social_profiles')).json().user.social_profiles,
    ).toHaveLength(1);
  });

  it('answers 404 for a service that is not connected, and 401 for a guest', async () => {
    const { client } = await signedIn();
    expect((await client.post('/secure/auth/social/google/disconnect')).statusCode).toBe(404);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.post('/secure/auth/social/google/disconnect')).statusCode).toBe(401);
  });
});

/** Points a service at the local provider; its user API answers with `userinfo`. */
async function enable(service: 'facebook' | 'twitter', userinfo: Record<string, unknown>) {
  await t.app.services.settings.update({
    [`social.${service}.enable`]: true,
    [`social.${service}.client_id`]: CLIENT_ID,
    [`social.${service}.client_secret`]: `${service}-secret`,
    [`social.${service}.endpoints`]: {
      authorize: `${idpUrl()}/authorize`,
      token: `${idpUrl()}/token`,
      userinfo: `${idpUrl()}/userinfo`,
    },
  });
  idp.service.once('beforeUserinfo', (response) => {
    response.body = userinfo;
  });
}

/** The client authentication of the next token request, as the provider received it. */
function nextTokenRequest(): Promise<{ basic: string | null; body: Record<string, string> }> {
  return new Promise((resolve) => {
    idp.service.once('beforeResponse', (_response, req) => {
      const header = req.headers.authorization ?? '';
      resolve({
        basic: header.startsWith('Basic ')
          ? Buffer.from(header.slice(6), 'base64').toString()
          : null,
        body: req.body as Record<string, string>,
      });
    });
  });
}

describe('Facebook', () => {
  it('signs up through the Graph API user, sending the secret in the form body', async () => {
    const email = `fb-${Date.now()}@example.com`;
    await enable('facebook', {
      id: `10${Date.now()}`,
      name: 'Nina Simone',
      email,
      picture: { data: { url: 'https://graph.example.com/nina.jpg' } },
    });
    const client = await new TestClient(t.app).visit();
    const start = await client.get('/secure/auth/social/facebook/login');
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('scope')).toBe('email public_profile');
    // Facebook's login dialog takes no PKCE challenge.
    expect(authorize.searchParams.has('code_challenge')).toBe(false);

    const tokenRequest = nextTokenRequest();
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const callback = await client.get(`${back.pathname}${back.search}`);
    const { basic, body } = await tokenRequest;
    expect(basic).toBeNull();
    expect(body).toMatchObject({ client_id: CLIENT_ID, client_secret: 'facebook-secret' });

    const result = popupResult(callback.body);
    expect(result.status).toBe('SUCCESS');
    const { user } = result.bootstrapData as { user: Record<string, unknown> };
    expect(user).toMatchObject({ email, display_name: 'Nina Simone' });
    // Facebook only shares confirmed addresses.
    expect(user.email_verified_at).not.toBeNull();
    expect(user.avatar).toBe('https://graph.example.com/nina.jpg');
  });
});

describe('X', () => {
  const xUser = (id: string) => ({
    data: {
      id,
      name: 'Miles Davis',
      username: 'milesdavis',
      profile_image_url: 'https://pbs.example.com/miles.jpg',
    },
  });

  it('connects to a signed-in account, proving the client with HTTP Basic and PKCE', async () => {
    const { client } = await signedIn();
    await enable('twitter', xUser(`x-${Date.now()}`));
    const start = await client.get('/secure/auth/social/twitter/connect');
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('users.read tweet.read');

    const tokenRequest = nextTokenRequest();
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const callback = await client.get(`${back.pathname}${back.search}`);
    const { basic, body } = await tokenRequest;
    expect(basic).toBe(`${CLIENT_ID}:twitter-secret`);
    expect(body.client_secret).toBeUndefined();
    expect(body.code_verifier).toBeTruthy();
    expect(popupResult(callback.body)).toMatchObject({ status: 'SUCCESS', connected: 'twitter' });
    expect(
      (await client.get('/api/v1/me?with=social_profiles')).json().user.social_profiles,
    ).toEqual([{ service_name: 'twitter', username: 'milesdavis' }]);
  });

  it('cannot register a new account, since X shares no e-mail', async () => {
    await enable('twitter', xUser(`x-new-${Date.now()}`));
    const client = await new TestClient(t.app).visit();
    const { result } = await popup(client, 'login', 'twitter');
    expect(result).toMatchObject({
      status: 'ERROR',
      message: expect.stringContaining('did not share your e-mail address'),
    });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });
});

describe('Apple', () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });

  beforeEach(async () => {
    await t.app.services.settings.update({
      'social.apple.enable': true,
      'social.apple.client_id': CLIENT_ID,
      'social.apple.team_id': 'TEAM123456',
      'social.apple.key_id': 'KEY1234567',
      'social.apple.private_key': privateKey.export({ type: 'pkcs8', format: 'pem' }),
      'social.apple.endpoints': { authorize: `${idpUrl()}/authorize`, token: `${idpUrl()}/token` },
    });
  });

  /** Apple's answer, as its page posts it to the callback from its own site. */
  async function applePost(client: TestClient, user?: object) {
    const start = await client.get('/secure/auth/social/apple/login');
    const authorize = new URL(start.headers.location as string);
    const consent = await fetch(authorize, { redirect: 'manual' });
    const answer = new URL(consent.headers.get('location')!).searchParams;
    if (user) answer.set('user', JSON.stringify(user));
    // A cross-site form post: the browser sends none of the app's SameSite=Lax cookies.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/secure/auth/social/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: answer.toString(),
    });
    return { authorize, posted };
  }

  /** The GET the relay page submits, from the app's own origin, so with the visitor's cookies. */
  function relayedUrl(html: string): string {
    const action = /<form method="get" action="([^"]+)"/.exec(html)![1]!;
    const fields = [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)" \/>/g)];
    const decode = (value: string) =>
      value
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const query = new URLSearchParams(
      fields.map(([, name, value]): [string, string] => [name!, decode(value!)]),
    );
    return `${action}?${query.toString()}`;
  }

  it('asks for the name and e-mail by form post, and relays the post to the session', async () => {
    // Apple's ID token never carries a name.
    identity = {
      sub: `apple-${Date.now()}`,
      email: `apple-${Date.now()}@privaterelay.appleid.com`,
    };
    const client = await new TestClient(t.app).visit();
    const tokenRequest = nextTokenRequest();
    const { authorize, posted } = await applePost(client, {
      name: { firstName: 'Grace', lastName: 'Hopper' },
      email: 'someone-else@example.com',
    });
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    expect(authorize.searchParams.get('scope')).toBe('name email');

    // The cross-site answer changes no cookie: setting one would replace the visitor's session.
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['set-cookie']).toBeUndefined();
    expect(posted.body).toContain('action="/secure/auth/social/apple/callback"');

    const callback = await client.get(relayedUrl(posted.body));
    const result = popupResult(callback.body);
    expect(result.status).toBe('SUCCESS');
    const { user } = result.bootstrapData as { user: Record<string, unknown> };
    // The e-mail comes from the signed ID token, never from the unsigned form field.
    expect(user).toMatchObject({ email: identity.email, display_name: 'Grace Hopper' });

    // Apple takes a client secret signed by the team's key, in the form body.
    const { basic, body } = await tokenRequest;
    expect(basic).toBeNull();
    const [header, payload, signature] = body.client_secret!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({
      alg: 'ES256',
      kid: 'KEY1234567',
    });
    expect(claims).toMatchObject({
      iss: 'TEAM123456',
      sub: CLIENT_ID,
      aud: 'https://appleid.apple.com',
    });
    const signed = crypto.verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(signed).toBe(true);
  });

  it('refuses a relayed answer that reaches another browser', async () => {
    identity.email = `apple-other-${Date.now()}@example.com`;
    const { posted } = await applePost(await new TestClient(t.app).visit());
    const attacker = await new TestClient(t.app).visit();
    const callback = await attacker.get(relayedUrl(posted.body));
    expect(popupResult(callback.body)).toMatchObject({ status: 'ERROR' });
    expect((await attacker.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('escapes what it relays, and answers 404 while Apple is off', async () => {
    const injected = await t.app.inject({
      method: 'POST',
      url: '/secure/auth/social/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ state: '"><script>alert(1)</script>' }).toString(),
    });
    expect(injected.body).not.toContain('<script>alert(1)');
    expect(injected.body).toContain('&quot;&gt;&lt;script&gt;');

    await t.app.services.settings.update({ 'social.apple.enable': false });
    const off = await t.app.inject({
      method: 'POST',
      url: '/secure/auth/social/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=x&state=y',
    });
    expect(off.statusCode).toBe(404);
  });
});
