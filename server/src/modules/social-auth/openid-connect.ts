import * as client from 'openid-client';
import {
  normalizeProfile,
  type AuthorizationRequest,
  type ProviderProfile,
  type SocialProvider,
} from './social-providers.js';

export interface OpenIdConnectSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const SCOPES = 'openid email profile';

/**
 * The operator's OpenID Connect provider, through `openid-client`: its endpoints and keys come
 * from discovery (kept once found, looked up again after a failure), every ID token's signature
 * is checked against the provider's published keys, and so are its issuer, audience, expiry and
 * nonce. The signature check matters here: an issuer on plain http (a provider on the same
 * private network) has no TLS to vouch for what its token endpoint answers.
 */
export function openIdConnectProvider(
  settings: OpenIdConnectSettings,
  redirectUri: string,
): SocialProvider {
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        {
          timeout: 10,
          execute: [
            client.enableNonRepudiationChecks,
            // The operator chose an http issuer in the environment; the signatures still hold.
            ...(settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : []),
          ],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async authorizationRequest(): Promise<AuthorizationRequest> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, codeVerifier, nonce };
    },

    async profile(answer, flow): Promise<ProviderProfile> {
      const config = await configuration();
      // The answer as it reached the callback, so the library checks every parameter itself
      // (state, and the issuer when the provider names it).
      const callbackUrl = new URL(redirectUri);
      for (const name of ['code', 'state', 'iss'] as const) {
        const value = answer[name];
        if (value !== undefined) callbackUrl.searchParams.set(name, value);
      }
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier ?? undefined,
        expectedState: flow.state,
        expectedNonce: flow.nonce ?? undefined,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the provider sent no ID token');
      // Providers that follow the specification to the letter keep the e-mail and name for the
      // user info endpoint; its answer must be about the same subject as the ID token.
      const userInfo = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
        : {};
      return normalizeProfile({ ...userInfo, ...idToken }, false);
    },
  };
}
