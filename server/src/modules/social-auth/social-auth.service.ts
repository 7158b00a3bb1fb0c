import {
  SOCIAL_MESSAGE_SOURCE,
  type SocialProfile,
  type SocialResult,
  type SocialService,
} from '@cadenza/contracts/social-auth';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { clientOf } from '../../core/auth-context.js';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { hmac, safeEqual, sha256 } from '../../infra/hash.js';
import type { SocialProfileRow } from '../accounts/accounts.table.js';
import type { AuthService } from '../auth/auth.service.js';
import type { BootstrapService } from '../bootstrap/bootstrap.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import type { UserRow } from '../users/users.table.js';
import { preferredLanguage } from '../accounts/emails/account-mails.js';
import * as repo from './social-auth.repo.js';
import { openIdConnectProvider, type OpenIdConnectSettings } from './openid-connect.js';
import {
  socialProvider,
  type AuthorizationAnswer,
  type ProviderProfile,
  type ServiceCredentials,
  type SocialProvider,
} from './social-providers.js';

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;

export type SocialMode = 'login' | 'connect';

export interface SocialAuthDeps {
  db: Kysely<Database>;
  appUrl: string;
  appKey: string;
  users: UsersService;
  permissions: PermissionsService;
  sessions: SessionsService;
  settings: SettingsService;
  auth: AuthService;
  bootstrap: BootstrapService;
  /** The operator's OpenID Connect provider, from the environment; no `oidc` service without it. */
  oidc?: OpenIdConnectSettings | undefined;
  /** Sends a new account its welcome mail, or its verification code when one is needed. */
  greet: (user: UserRow, language: string) => Promise<unknown>;
  log?: (message: string, error: unknown) => void;
}

/** The state of an authorization in flight, carried by a signed cookie bound to the session. */
interface FlowState {
  service: SocialService;
  mode: SocialMode;
  state: string;
  verifier: string | null;
  nonce: string | null;
  session: string;
  expires: number;
}

/** A service account waiting for the password of the existing account with its e-mail. */
interface PendingConnect {
  service: SocialService;
  profile: ProviderProfile;
}

export const FLOW_COOKIE = 'cadenza_social';
export const FLOW_SECONDS = 10 * 60;
const PENDING_KEY = 'social.pending';
// Messages are the English keys the web app translates.
const EXPIRED = 'Your sign-in request has expired. Please try again.';
const SIGN_IN_FIRST = 'Please sign in to connect your account.';
const NO_EMAIL =
  'The service did not share your e-mail address. Please register with your e-mail, then connect the service in your account settings.';
const TAKEN = 'This account is already connected to another user.';
const OTHER_METHOD =
  'Please sign in the way you signed up, then connect this service in your account settings.';
const LAST_WAY_IN =
  'Set a password before you disable this service: it is the only way to sign in to your account.';

export function profileRowToProfile(row: SocialProfileRow): SocialProfile {
  return { service_name: row.service_name as SocialService, username: row.username };
}

export function createSocialAuthService(deps: SocialAuthDeps) {
  const { db, users, settings, auth } = deps;
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const origin = new URL(deps.appUrl).origin;
  const redirectUri = (service: SocialService) =>
    `${deps.appUrl}/secure/auth/social/${service}/callback`;
  // One provider for the app's life, so discovery and the provider's keys are fetched once.
  const openIdConnect = deps.oidc && openIdConnectProvider(deps.oidc, redirectUri('oidc'));

  async function isEnabled(service: SocialService): Promise<boolean> {
    if (service === 'oidc') return Boolean(openIdConnect);
    return Boolean(await settings.get(`social.${service}.enable`));
  }

  async function provider(service: SocialService): Promise<SocialProvider> {
    if (service === 'oidc') {
      if (!openIdConnect) throw new Error('OpenID Connect is not set up');
      return openIdConnect;
    }
    const all = await settings.all();
    const credentials: ServiceCredentials = {
      clientId: all[`social.${service}.client_id`],
      clientSecret: service === 'apple' ? '' : all[`social.${service}.client_secret`],
      endpoints: all[`social.${service}.endpoints`] ?? {},
      ...(service === 'apple'
        ? {
            apple: {
              teamId: all['social.apple.team_id'],
              keyId: all['social.apple.key_id'],
              privateKey: all['social.apple.private_key'],
            },
          }
        : {}),
    };
    const configured =
      credentials.clientId !== '' &&
      (credentials.apple ? credentials.apple.privateKey !== '' : credentials.clientSecret !== '');
    if (!configured) throw new Error(`${service} sign-in has no client credentials`);
    return socialProvider(service, credentials, redirectUri(service));
  }

  const sign = (value: string) => hmac(deps.appKey, `social-flow:${value}`);

  function encodeFlow(flow: FlowState): string {
    const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${body}.${sign(body)}`;
  }

  function decodeFlow(request: FastifyRequest, cookie: string | undefined): FlowState | null {
    const [body, signature] = (cookie ?? '').split('.');
    if (!body || !signature || !safeEqual(signature, sign(body))) return null;
    try {
      const flow = JSON.parse(Buffer.from(body, 'base64url').toString()) as FlowState;
      // Bound to this visitor's session, so a flow started elsewhere cannot be replayed here.
      if (flow.session !== sha256(request.session.id) || flow.expires < Date.now()) return null;
      return flow;
    } catch {
      return null;
    }
  }

  async function success(request: FastifyRequest, twoFactor: boolean): Promise<SocialResult> {
    if (twoFactor) return result('SUCCESS', { two_factor: true });
    return result('SUCCESS', { bootstrapData: { ...(await deps.bootstrap.forRequest(request)) } });
  }

  async function link(userId: number, service: SocialService, profile: ProviderProfile) {
    await repo.saveProfile(db, {
      user_id: userId,
      service_name: service,
      user_service_id: profile.id,
      username: profile.username ?? profile.id,
      // The app signs people in and keeps nothing it could misuse later.
      access_token: null,
      refresh_token: null,
      access_expires_at: null,
    });
  }

  async function register(
    request: FastifyRequest,
    service: SocialService,
    profile: ProviderProfile & { email: string },
  ) {
    const [firstName, ...rest] = (profile.name ?? '').split(/\s+/).filter(Boolean);
    const user = await users.create({
      email: profile.email,
      password: null,
      emailVerified: profile.emailVerified,
    });
    try {
      await users.update(user.id, {
        first_name: firstName ?? null,
        last_name: rest.join(' ') || null,
        avatar: profile.avatar && /^https:\/\//.test(profile.avatar) ? profile.avatar : null,
      });
      await deps.permissions.assignDefaultRole(user.id);
      await link(user.id, service, profile);
    } catch (error) {
      // Another callback won the race for this service account: no half-made account stays.
      await users.delete(user.id);
      throw error;
    }
    await deps.greet(user, preferredLanguage(null, request.headers['accept-language']));
    return user;
  }

  async function signInWith(
    request: FastifyRequest,
    service: SocialService,
    profile: ProviderProfile,
  ): Promise<SocialResult> {
    const linked = await repo.findProfileByServiceId(db, service, profile.id);
    const linkedUser = linked && (await users.findById(linked.user_id));
    if (linkedUser) return success(request, await auth.signIn(request, linkedUser, false));

    if (!profile.email) {
      return result('ERROR', { message: NO_EMAIL });
    }
    const existing = await users.findByEmail(profile.email);
    if (existing) {
      // An address the service has not verified proves nothing about who owns the account.
      if (!existing.password || !profile.emailVerified) {
        return result('ERROR', { message: OTHER_METHOD });
      }
      const pending: PendingConnect = { service, profile };
      await deps.sessions.setGuestPayload(
        request.session.id,
        { [PENDING_KEY]: pending },
        FLOW_SECONDS,
        clientOf(request),
      );
      return result('REQUEST_PASSWORD', { service, email: profile.email });
    }
    if (await settings.get('registration.disable')) {
      return result('ERROR', { message: 'Registration is disabled.' });
    }
    const user = await register(request, service, { ...profile, email: profile.email });
    return success(request, await auth.signIn(request, user, false));
  }

  async function connectTo(
    request: FastifyRequest,
    service: SocialService,
    profile: ProviderProfile,
  ): Promise<SocialResult> {
    const user = request.user;
    if (!user) return result('ERROR', { message: SIGN_IN_FIRST });
    const linked = await repo.findProfileByServiceId(db, service, profile.id);
    if (linked && linked.user_id !== user.id) {
      return result('ERROR', { message: TAKEN });
    }
    await link(user.id, service, profile);
    return result('SUCCESS', { connected: service });
  }

  return {
    isEnabled,

    async assertEnabled(service: SocialService): Promise<void> {
      if (!(await isEnabled(service))) throw AppError.notFound();
    },

    /** Where the popup goes: the service's consent page; the flow state goes in a cookie. */
    async start(
      request: FastifyRequest,
      service: SocialService,
      mode: SocialMode,
    ): Promise<{ redirect: string; cookie: string } | { result: SocialResult }> {
      if (mode === 'login' && request.user) return { result: result('ALREADY_LOGGED_IN') };
      if (mode === 'connect' && !request.user) {
        return { result: result('ERROR', { message: SIGN_IN_FIRST }) };
      }
      let authorization;
      try {
        authorization = await (await provider(service)).authorizationRequest();
      } catch (error) {
        log('social login is not configured', error);
        return { result: result('ERROR') };
      }
      const cookie = encodeFlow({
        service,
        mode,
        state: authorization.state,
        verifier: authorization.codeVerifier,
        nonce: authorization.nonce ?? null,
        session: sha256(request.session.id),
        expires: Date.now() + FLOW_SECONDS * 1000,
      });
      return { redirect: authorization.url.toString(), cookie };
    },

    /** The service sent the user back: check the state, exchange the code, then act. */
    async callback(
      request: FastifyRequest,
      service: SocialService,
      input: Partial<AuthorizationAnswer> & { error?: string | undefined },
      flowCookie: string | undefined,
    ): Promise<SocialResult> {
      const flow = decodeFlow(request, flowCookie);
      if (
        !flow ||
        flow.service !== service ||
        !input.state ||
        !safeEqual(flow.state, input.state)
      ) {
        return result('ERROR', { message: EXPIRED });
      }
      // The user said no at the service: nothing to tell them they do not know.
      if (input.error || !input.code) return result('ERROR');
      let profile: ProviderProfile;
      try {
        const answer = { code: input.code, state: input.state, iss: input.iss, user: input.user };
        const oauth = await provider(service);
        profile = await oauth.profile(answer, {
          state: flow.state,
          codeVerifier: flow.verifier,
          nonce: flow.nonce,
        });
      } catch (error) {
        log(`social login with ${service} failed`, error);
        return result('ERROR');
      }
      if (flow.mode === 'connect') return connectTo(request, service, profile);
      if (request.user) return result('ALREADY_LOGGED_IN');
      return signInWith(request, service, profile);
    },

    /** Completes REQUEST_PASSWORD: the password of the existing account links the profile. */
    async connectPending(
      request: FastifyRequest,
      password: string,
    ): Promise<{ twoFactor: boolean }> {
      if (request.user) throw AppError.forbidden('You are already signed in.');
      const pending = (await deps.sessions.guestPayload(request.session.id))[PENDING_KEY] as
        PendingConnect | undefined;
      const user = pending?.profile.email && (await users.findByEmail(pending.profile.email));
      if (!pending || !user) throw AppError.validation({ password: EXPIRED });
      await auth.checkPassword(request, user, password, 'password');
      await link(user.id, pending.service, pending.profile);
      return { twoFactor: await auth.signIn(request, user, false) };
    },

    async disconnect(request: FastifyRequest, service: SocialService): Promise<SocialProfile[]> {
      const user = request.user;
      if (!user) throw AppError.unauthenticated();
      const profiles = await repo.profilesOfUser(db, user.id);
      if (!profiles.some((profile) => profile.service_name === service)) {
        throw AppError.notFound('This service is not connected to your account.');
      }
      if (!user.password && profiles.length <= 1) {
        throw AppError.validation({ service: LAST_WAY_IN }, LAST_WAY_IN);
      }
      await repo.deleteProfile(db, user.id, service);
      return profiles.filter((p) => p.service_name !== service).map(profileRowToProfile);
    },

    async profilesOf(userId: number): Promise<SocialProfile[]> {
      return (await repo.profilesOfUser(db, userId)).map(profileRowToProfile);
    },

    /** The origin the callback page may post its result to: the app's own. */
    origin,
  };
}

function result(
  status: SocialResult['status'],
  extra: Omit<SocialResult, 'source' | 'status'> = {},
): SocialResult {
  return { source: SOCIAL_MESSAGE_SOURCE, status, ...extra };
}
