import {
  SETTING_DEFINITIONS,
  isSettingKey,
  type SettingKey,
  type SettingValue,
  type SettingsMap,
} from '@cadenza/contracts/settings';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { randomToken } from '../../infra/hash.js';
import * as repo from './settings.repo.js';

// Settings are read on every page; a short cache keeps that off the database. Writes through
// this instance clear it at once; other instances see a change within the TTL.
const CACHE_TTL_MS = 5_000;

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(db: Kysely<Database>) {
  let cache: { values: SettingsMap; expiresAt: number } | undefined;

  async function all(): Promise<SettingsMap> {
    if (cache && cache.expiresAt > Date.now()) return cache.values;
    const stored = await repo.allSettings(db);
    const defaults = Object.fromEntries(
      Object.entries(SETTING_DEFINITIONS).map(([k, d]) => [k, d.value]),
    );
    const values = { ...defaults, ...stored } as SettingsMap;
    cache = { values, expiresAt: Date.now() + CACHE_TTL_MS };
    return values;
  }

  return {
    all,

    async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
      return (await all())[key];
    },

    /** Only the keys the browser may see. */
    async publicValues(): Promise<Record<string, unknown>> {
      const values = await all();
      return Object.fromEntries(
        Object.entries(values).filter(
          ([key]) => isSettingKey(key) && SETTING_DEFINITIONS[key].public,
        ),
      );
    },

    async update(values: Record<string, unknown>): Promise<SettingsMap> {
      const unknown = Object.keys(values).filter((key) => !isSettingKey(key));
      if (unknown.length > 0) {
        throw AppError.validation(
          Object.fromEntries(unknown.map((key) => [key, `Unknown setting: ${key}`])),
        );
      }
      const invalid = Object.entries(values).filter(
        ([key, value]) => !sameKind(SETTING_DEFINITIONS[key as SettingKey].value, value),
      );
      if (invalid.length > 0) {
        throw AppError.validation(
          Object.fromEntries(
            invalid.map(([key]) => [key, `The ${key} setting has the wrong type.`]),
          ),
        );
      }
      await repo.saveSettings(db, values);
      cache = undefined;
      return all();
    },

    /** Stores the default of every setting not stored yet; `initial` replaces some defaults. */
    async seedDefaults(initial: Partial<SettingsMap> = {}): Promise<void> {
      const defaults = Object.fromEntries(
        Object.entries(SETTING_DEFINITIONS).map(([k, d]) => [k, d.value]),
      );
      await repo.insertMissingSettings(db, { ...defaults, ...initial });
      cache = undefined;
    },

    /** The key signing anti-forgery tokens: APP_KEY, else one generated once and kept in the database. */
    async appKey(configured: string | undefined): Promise<string> {
      if (configured) return configured;
      const existing = await repo.findSecret(db, 'app.key');
      if (existing) return existing;
      await repo.insertSecret(db, 'app.key', randomToken(48));
      // Another instance may have won the race; the stored one is the key.
      return (await repo.findSecret(db, 'app.key'))!;
    },
  };
}

/** A value may replace a default of the same kind; a nullable default accepts anything. */
function sameKind(defaultValue: unknown, value: unknown): boolean {
  if (defaultValue === null || value === null) return true;
  if (Array.isArray(defaultValue)) return Array.isArray(value);
  return typeof defaultValue === typeof value;
}
