import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import type { AuthUser } from '../../../api/bootstrap';
import { mockApi } from '../../auth/testing/mock-api';
import type { UserSession, ValueLists } from '../api/account-api';

export const VALUE_LISTS: ValueLists = {
  localizations: [
    { language: 'en', name: 'English' },
    { language: 'pt-BR', name: 'Português (Brasil)' },
  ],
  timezones: {
    America: [
      { value: 'America/Sao_Paulo', text: '(UTC-03:00) Sao Paulo' },
      { value: 'America/New_York', text: '(UTC-05:00) New York' },
    ],
    Europe: [{ value: 'Europe/Lisbon', text: '(UTC+00:00) Lisbon' }],
  },
  countries: [
    { code: 'BR', name: 'Brazil' },
    { code: 'PT', name: 'Portugal' },
  ],
};

export const SESSIONS: UserSession[] = [
  {
    id: 'a1',
    device_type: 'desktop',
    platform: 'Linux',
    browser: 'Chrome',
    city: 'São Paulo',
    country: 'Brazil',
    ip_address: '200.147.67.142',
    last_active: new Date().toISOString(),
    is_current_device: true,
  },
  {
    id: 'b2',
    device_type: 'mobile',
    platform: 'iOS',
    browser: 'Mobile Safari',
    city: null,
    country: 'Portugal',
    ip_address: '2001:db8::1',
    last_active: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
    is_current_device: false,
  },
];

export function accountUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return makeUser({
    id: 7,
    email: 'ada@example.com',
    language: 'en',
    timezone: 'America/Sao_Paulo',
    country: 'BR',
    permissionNames: ['api.access'],
    ...overrides,
  });
}

/** A server answering the calls the settings screen makes on load. */
export function mockAccountApi(user: AuthUser = accountUser()) {
  return mockApi()
    .on('GET /api/v1/users/me', { user })
    .on('GET /api/v1/user-sessions', { sessions: SESSIONS })
    .on('GET /api/v1/value-lists/localizations,timezones,countries', VALUE_LISTS)
    .on('GET /api/v1/me/music-apps', {
      server_url: 'http://localhost:3000',
      username: 'ada',
      has_password: false,
      created_at: null,
      last_used_at: null,
    })
    .on('GET /api/v1/me/scrobblers', { scrobblers: scrobblers() })
    .on('GET /api/v1/access-tokens', {
      tokens: [
        { id: 3, name: 'Home server', last_used_at: null, created_at: '2026-01-01T00:00:00Z' },
      ],
    });
}

export function accountBootstrap(
  user: AuthUser = accountUser(),
  settings: Record<string, unknown> = {},
): BootstrapData {
  return makeBootstrap({ user, settings });
}

/** Account settings' listening services: both set up, neither connected unless told. */
export function scrobblers(connected: Partial<Record<'listenbrainz' | 'lastfm', string>> = {}) {
  return (['listenbrainz', 'lastfm'] as const).map((service) => ({
    service,
    available: true,
    connected: Boolean(connected[service]),
    username: connected[service] ?? null,
    connected_at: connected[service] ? '2026-01-01T00:00:00Z' : null,
  }));
}
