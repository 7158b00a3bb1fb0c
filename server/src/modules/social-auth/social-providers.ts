import crypto from 'node:crypto';
import type { SocialService } from '@cadenza/contracts/social-auth';
import type { SocialEndpoints } from '@cadenza/contracts/settings';
import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2Tokens,
} from 'arctic';

/** The identity a service vouches for, in one shape whatever the service. */
export interface ProviderProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  username: string | null;
  avatar: string | null;
}

interface ServiceDefinition {
  endpoints: Required<SocialEndpoints>;
  scopes: string[];
  /** OpenID Connect services identify the user by the ID token; the others by their user API. */
  idToken: boolean;
  pkce: boolean;
  /**
   * How the client proves itself at the token endpoint: HTTP Basic (`client_secret_basic`) or
   * in the form body (`client_secret_post`), the only way Facebook and Apple accept.
   */
  clientAuth: 'basic' | 'post';
  /** Extra authorization parameters, such as Apple's form-post response mode. */
  authorizationParams?: Record<string, string>;
  /** Whether an e-mail the service returns is one it has verified (when it says nothing). */
  trustsEmail: boolean;
}

/** The services with fixed endpoints; `oidc` is found by discovery (see openid-connect.ts). */
export type OAuthService = Exclude<SocialService, 'oidc'>;

const SERVICES: Record<OAuthService, ServiceDefinition> = {
  google: {
    endpoints: {
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    },
    scopes: ['openid', 'email', 'profile'],
    idToken: true,
    pkce: true,
    clientAuth: 'basic',
    trustsEmail: false,
  },
  facebook: {
    endpoints: {
      authorize: 'https://www.facebook.com/v19.0/dialog/oauth',
      token: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfo: 'https://graph.facebook.com/me?fields=id,name,email,picture.type(large)',
    },
    scopes: ['email', 'public_profile'],
    idToken: false,
    pkce: false,
    clientAuth: 'post',
    // Facebook only returns addresses its users confirmed.
    trustsEmail: true,
  },
  twitter: {
    endpoints: {
      authorize: 'https://twitter.com/i/oauth2/authorize',
      token: 'https://api.twitter.com/2/oauth2/token',
      userinfo: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
    },
    scopes: ['users.read', 'tweet.read'],
    idToken: false,
    pkce: true,
    clientAuth: 'basic',
    trustsEmail: false,
  },
  apple: {
    endpoints: {
      authorize: 'https://appleid.apple.com/auth/authorize',
      token: 'https://appleid.apple.com/auth/token',
      userinfo: '',
    },
    // With these scopes Apple answers by a form posted to the callback; the ID token carries
    // the e-mail, and the name comes once, beside it, on the first sign-in.
    scopes: ['name', 'email'],
    authorizationParams: { response_mode: 'form_post' },
    idToken: true,
    pkce: true,
    clientAuth: 'post',
    trustsEmail: true,
  },
};

export interface ServiceCredentials {
  clientId: string;
  clientSecret: string;
  endpoints: SocialEndpoints;
  /** Apple signs a short-lived client secret with the team's key instead. */
  apple?: { teamId: string; keyId: string; privateKey: string };
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  codeVerifier: string | null;
  /** OpenID Connect's nonce, which the ID token must carry back. */
  nonce?: string | null;
}

/** What the service sent the user back with. */
export interface AuthorizationAnswer {
  code: string;
  state?: string | undefined;
  /** The issuer, from providers that name themselves in their answer (RFC 9207). */
  iss?: string | undefined;
  /**
   * The JSON Apple posts beside the code on a first sign-in; only the name is taken from it, as
   * it is unsigned.
   */
  user?: string | undefined;
}

export interface SocialProvider {
  authorizationRequest(): AuthorizationRequest | Promise<AuthorizationRequest>;
  /** Exchanges the code and reads who the user is at the service. */
  profile(
    answer: AuthorizationAnswer,
    flow: Omit<AuthorizationRequest, 'url'>,
  ): Promise<ProviderProfile>;
}

/** One service, driven through arctic's generic OAuth 2 client so its endpoints can be moved. */
export function socialProvider(
  service: OAuthService,
  credentials: ServiceCredentials,
  redirectUri: string,
): SocialProvider {
  const definition = SERVICES[service];
  const endpoints = { ...definition.endpoints, ...nonEmpty(credentials.endpoints) };
  const secret = credentials.apple
    ? appleClientSecret(credentials.clientId, credentials.apple)
    : credentials.clientSecret;
  const client = new OAuth2Client(credentials.clientId, secret || null, redirectUri);

  async function exchange(code: string, codeVerifier: string | null): Promise<OAuth2Tokens> {
    if (definition.clientAuth === 'basic') {
      return client.validateAuthorizationCode(endpoints.token, code, codeVerifier);
    }
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: credentials.clientId,
      client_secret: secret,
    });
    if (codeVerifier) body.set('code_verifier', codeVerifier);
    const response = await fetch(endpoints.token, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok || !isRecord(json)) {
      throw new Error(`${service} token endpoint answered ${response.status}`);
    }
    return new OAuth2Tokens(json);
  }

  async function userInfo(accessToken: string): Promise<Record<string, unknown>> {
    if (!endpoints.userinfo) return {};
    const response = await fetch(endpoints.userinfo, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`${service} user info answered ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    // X wraps the user in `data`.
    return isRecord(body.data) ? body.data : body;
  }

  async function claimsOf(tokens: OAuth2Tokens): Promise<Record<string, unknown>> {
    if (!definition.idToken) return userInfo(tokens.accessToken());
    const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
    // The ID token came straight from the token endpoint over TLS (OpenID Connect §3.1.3.7),
    // so its signature adds nothing; its audience must still be this application.
    const audience = claims.aud;
    const audiences = Array.isArray(audience) ? audience : [audience];
    if (audience !== undefined && !audiences.includes(credentials.clientId)) {
      throw new Error(`${service} ID token was issued to another client`);
    }
    return claims;
  }

  return {
    authorizationRequest() {
      const state = generateState();
      const codeVerifier = definition.pkce ? generateCodeVerifier() : null;
      const url = codeVerifier
        ? client.createAuthorizationURLWithPKCE(
            endpoints.authorize,
            state,
            CodeChallengeMethod.S256,
            codeVerifier,
            definition.scopes,
          )
        : client.createAuthorizationURL(endpoints.authorize, state, definition.scopes);
      for (const [name, value] of Object.entries(definition.authorizationParams ?? {})) {
        url.searchParams.set(name, value);
      }
      return { url, state, codeVerifier };
    },

    async profile({ code, user }, { codeVerifier }) {
      const claims = await claimsOf(await exchange(code, codeVerifier));
      return normalizeProfile({ ...nameOf(user), ...claims }, definition.trustsEmail);
    },
  };
}

/** Reads the fields every service names a little differently. */
export function normalizeProfile(
  claims: Record<string, unknown>,
  trustsEmail: boolean,
): ProviderProfile {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim() : null;
  const id =
    text(claims.sub) ??
    text(claims.id) ??
    (typeof claims.id === 'number' ? String(claims.id) : null);
  if (!id) throw new Error('the service did not identify the user');
  const email = text(claims.email)?.toLowerCase() ?? null;
  const verifiedClaim = claims.email_verified;
  const emailVerified =
    email !== null &&
    (verifiedClaim === undefined
      ? trustsEmail
      : verifiedClaim === true || verifiedClaim === 'true');
  const picture = claims.picture;
  const avatar =
    text(picture) ??
    (isRecord(picture) && isRecord(picture.data) ? text(picture.data.url) : null) ??
    text(claims.profile_image_url);
  const name =
    text(claims.name) ??
    ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || null);
  const username = text(claims.username) ?? text(claims.preferred_username) ?? email ?? name;
  return { id, email, emailVerified, name, username, avatar };
}

/** The name in the `user` JSON Apple posts on a first sign-in, as OpenID Connect claims. */
function nameOf(user: string | undefined): Record<string, string> {
  try {
    const name: unknown = user ? (JSON.parse(user) as Record<string, unknown>).name : undefined;
    if (!isRecord(name)) return {};
    const claims: Record<string, string> = {};
    if (typeof name.firstName === 'string') claims.given_name = name.firstName;
    if (typeof name.lastName === 'string') claims.family_name = name.lastName;
    return claims;
  } catch {
    return {};
  }
}

function appleClientSecret(
  clientId: string,
  key: { teamId: string; keyId: string; privateKey: string },
): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'ES256', kid: key.keyId })}.${encode({
    iss: key.teamId,
    iat: now,
    exp: now + 300,
    aud: 'https://appleid.apple.com',
    sub: clientId,
  })}`;
  const signature = crypto.sign('sha256', Buffer.from(unsigned), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${unsigned}.${signature.toString('base64url')}`;
}

function nonEmpty(endpoints: SocialEndpoints): SocialEndpoints {
  return Object.fromEntries(
    Object.entries(endpoints).filter(([, value]) => typeof value === 'string' && value !== ''),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
