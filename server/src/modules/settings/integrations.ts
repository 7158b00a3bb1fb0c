import type { Integration } from '@cadenza/contracts/social-auth';
import type { Config } from '../../config.js';

/**
 * The outside services the environment sets up, for the admin settings screen: set in the
 * environment rather than in settings, so the screen can only say whether they are there.
 */
export function configuredIntegrations(config: Pick<Config, 'oidc' | 'scrobbling'>): Integration[] {
  return [
    {
      id: 'oidc',
      name: 'OpenID Connect',
      configured: config.oidc !== undefined,
      variables: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'],
    },
    // Listeners bring their own ListenBrainz token; the server only needs to know where to send.
    {
      id: 'listenbrainz',
      name: 'ListenBrainz',
      configured: Boolean(config.scrobbling.listenBrainzUrl),
      variables: ['LISTENBRAINZ_API_URL'],
    },
    {
      id: 'lastfm',
      name: 'Last.fm',
      configured: config.scrobbling.lastFm !== undefined,
      variables: ['LASTFM_API_KEY', 'LASTFM_API_SECRET', 'LASTFM_API_URL', 'LASTFM_AUTH_URL'],
    },
  ];
}
