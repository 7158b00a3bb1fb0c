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

  it('marks cookies secure behind an https public URL', () => {
    expect(loadConfig({ APP_URL: 'https://music.example.com/' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'https://music.example.com/' }).appUrl).toBe(
      'https://music.example.com',
    );
  });
});
