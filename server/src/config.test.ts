import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults for every variable', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database).toMatchObject({ dialect: 'sqlite' });
    expect(config.debug).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.admin).toEqual({ email: 'admin@example.com', password: undefined });
  });

  it('sets up OpenID Connect sign-in only with an issuer and its client', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const issuer = 'https://id.example.com/application/o/cadenza/';
    expect(
      loadConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'cadenza', OIDC_CLIENT_SECRET: 's3cret' })
        .oidc,
    ).toEqual({ issuer, clientId: 'cadenza', clientSecret: 's3cret', name: 'SSO' });
    expect(() => loadConfig({ OIDC_ISSUER: issuer })).toThrow(
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'id.example.com' })).toThrow(/OIDC_ISSUER/);
  });

  it('switches to PostgreSQL for a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/app',
    });
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_DEBUG: 'maybe' })).toThrow(/APP_DEBUG: expected true or false/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: must be at least 8/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'guessable' })).toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
  });

  it('believes forwarded client addresses only from the proxies named', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: expected addresses or CIDR ranges/,
    );
  });

  it('sends listens to ListenBrainz by default, and to Last.fm only with its key and secret', () => {
    const plain = loadConfig({});
    expect(plain.scrobbling.listenBrainzUrl).toBe('https://api.listenbrainz.org');
    expect(plain.scrobbling.lastFm).toBeUndefined();
    const lastFm = loadConfig({ LASTFM_API_KEY: 'key', LASTFM_API_SECRET: 'secret' });
    expect(lastFm.scrobbling.lastFm).toEqual({
      apiKey: 'key',
      apiSecret: 'secret',
      apiUrl: 'https://ws.audioscrobbler.com/2.0/',
      authUrl: 'https://www.last.fm/api/auth/',
    });
    expect(() => loadConfig({ LASTFM_API_KEY: 'key' })).toThrow(/LASTFM_API_SECRET/);
    expect(() => loadConfig({ LISTENBRAINZ_API_URL: 'ftp://x' })).toThrow(/LISTENBRAINZ_API_URL/);
  });

  it('marks cookies secure behind an https public URL', () => {
    expect(loadConfig({ APP_URL: 'https://music.example.com/' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'https://music.example.com/' }).appUrl).toBe(
      'https://music.example.com',
    );
  });
});
