import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says about one of its accounts, keyed by the login typed at its form. */
export type OidcAccount = { email?: string; email_verified?: boolean; name?: string };

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Map<string, OidcAccount>;
}

export interface TestOidcProvider {
  issuer: string;
  /** Rewrites the next ID tokens the token endpoint hands out (undefined: leave them be). */
  tamperIdToken: ((idToken: string) => string) | undefined;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free port, with its
 * development login and consent pages: any login is accepted and becomes the subject.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...options.accounts.get(sub) }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const handle: TestOidcProvider = {
    issuer,
    tamperIdToken: undefined,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  provider.use(async (ctx: { path: string; body: unknown }, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path === '/token' && handle.tamperIdToken && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: handle.tamperIdToken(body.id_token) };
    }
  });
  server.on('request', provider.callback());
  return handle;
}

/** Changes claims of a signed token while keeping its header and signature, as a forger would. */
export function forgeClaims(jwt: string, claims: Record<string, unknown>): string {
  const [header, payload, signature] = jwt.split('.');
  const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
  const forged = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}

/**
 * Goes through the provider's login and consent pages as a browser would, from the authorization
 * URL the app redirected to, and returns the URL the provider sends the user back to.
 */
export async function signInAtProvider(authorizeUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  const authorize = new URL(authorizeUrl);
  let url = authorize;
  for (let step = 0; step < 10; step += 1) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== authorize.origin) return url;
      continue;
    }
    // A login or consent page: submit its form.
    const html = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
    const submitted = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt, login, password: 'any' }).toString(),
    });
    url = new URL(submitted.headers.get('location')!, url);
  }
  throw new Error('the provider never sent the user back');
}
