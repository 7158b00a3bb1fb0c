import {
  SETTING_DEFINITIONS,
  WRITE_ONLY_SETTINGS,
  isSettingKey,
  settingPermission,
  type SettingKey,
  type SettingValue,
  type SettingsMap,
} from '@cadenza/contracts/settings';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { DataChanges } from '../../db/data-versions.js';
import type { Database } from '../../db/schema.js';
import { randomToken } from '../../infra/hash.js';
import { KeptUntilChanged } from '../../infra/kept-until-changed.js';
import * as repo from './settings.repo.js';

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * Settings are read on every page: they are kept until they change, here or on another instance
 * (the change feed tells, and the `site` count moves).
 */
export function createSettingsService(db: Kysely<Database>, changes: DataChanges) {
  const kept = new KeptUntilChanged(readAll, changes, 'site');
  let publicCache: { from: SettingsMap; visible: Record<string, unknown> } | undefined;
  /** Checks a value's schema cannot make, on what the server runs with (its storage…). */
  const checks = new Map<SettingKey, (value: unknown) => string | undefined>();

  const all = (): Promise<SettingsMap> => kept.get();

  async function readAll(): Promise<SettingsMap> {
    const stored = await repo.allSettings(db);
    const values = Object.fromEntries(
      Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => {
        // A value stored before its key had a schema, or by hand, may not fit it: the
        // default stands in, so a bad value can never take the pages down.
        const value = stored[key];
        const fits = key in stored && definition.schema.safeParse(value).success;
        return [key, fits ? value : definition.value];
      }),
    ) as SettingsMap;
    return values;
  }

  const service = {
    all,

    /** Adds a check on a key's new values: it answers the error to refuse a value with. */
    useCheck<K extends SettingKey>(key: K, check: (value: SettingValue<K>) => string | undefined) {
      checks.set(key, check as (value: unknown) => string | undefined);
    },

    async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
      return (await all())[key];
    },

    /**
     * Only the keys the browser may see; the same object until the settings are read again, so
     * pages built from it can be kept as long as it is (see the bootstrap service).
     */
    async publicValues(): Promise<Record<string, unknown>> {
      const values = await all();
      if (publicCache?.from !== values) {
        const visible = Object.fromEntries(
          Object.entries(values).filter(
            ([key]) => isSettingKey(key) && SETTING_DEFINITIONS[key].public,
          ),
        );
        publicCache = { from: values, visible };
      }
      return publicCache.visible;
    },

    /** Every setting as the admin area reads it: credentials masked, with which of them are set. */
    async forAdmin() {
      const settings: Record<string, unknown> = { ...(await all()) };
      const secrets: Record<string, boolean> = {};
      for (const key of WRITE_ONLY_SETTINGS) {
        secrets[key] = settings[key] !== '';
        settings[key] = '';
      }
      return { settings, secrets };
    },

    /**
     * An admin's change: each key needs its section's permission; a credential sent empty keeps
     * the saved one (the form never had it), null clears it. Answers what changed, before and
     * after, credentials masked, for the audit log.
     */
    async updateAsAdmin(values: Record<string, unknown>, may: (permission: string) => boolean) {
      const refused = Object.keys(values).filter(
        (key) => isSettingKey(key) && !may(settingPermission(key)),
      );
      if (refused.length > 0) {
        throw AppError.forbidden(`You may not change: ${refused.join(', ')}.`);
      }
      const changes = { ...values };
      for (const key of WRITE_ONLY_SETTINGS) {
        if (changes[key] === '') delete changes[key];
        else if (changes[key] === null) changes[key] = '';
      }
      const before = await all();
      const after = await service.update(changes);
      const mask = (key: string, value: unknown) =>
        (WRITE_ONLY_SETTINGS as readonly string[]).includes(key)
          ? value
            ? 'set'
            : 'not set'
          : value;
      const changed = Object.keys(changes).filter(
        (key) =>
          JSON.stringify(before[key as SettingKey]) !== JSON.stringify(after[key as SettingKey]),
      );
      return {
        settings: after,
        before: Object.fromEntries(
          changed.map((key) => [key, mask(key, before[key as SettingKey])]),
        ),
        after: Object.fromEntries(changed.map((key) => [key, mask(key, after[key as SettingKey])])),
      };
    },

    async update(values: Record<string, unknown>): Promise<SettingsMap> {
      const unknown = Object.keys(values).filter((key) => !isSettingKey(key));
      if (unknown.length > 0) {
        throw AppError.validation(
          Object.fromEntries(unknown.map((key) => [key, `Unknown setting: ${key}`])),
        );
      }
      // Each value is parsed by its key's schema, and kept as parsed (trimmed, cleaned).
      const parsed: Record<string, unknown> = {};
      const errors: Record<string, string> = {};
      for (const [key, value] of Object.entries(values)) {
        const result = SETTING_DEFINITIONS[key as SettingKey].schema.safeParse(value);
        const refused = result.success ? checks.get(key as SettingKey)?.(result.data) : undefined;
        if (result.success && !refused) parsed[key] = result.data;
        else errors[key] = refused ?? settingError(key, result.error!);
      }
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      await repo.saveSettings(db, parsed);
      await changes.changed('site');
      return all();
    },

    /** Stores the default of every setting not stored yet; `initial` replaces some defaults. */
    async seedDefaults(initial: Partial<SettingsMap> = {}): Promise<void> {
      const defaults = Object.fromEntries(
        Object.entries(SETTING_DEFINITIONS).map(([k, d]) => [k, d.value]),
      );
      await repo.insertMissingSettings(db, { ...defaults, ...initial });
      await changes.changed('site');
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
  return service;
}

/** The first problem of a value, naming where inside it when the setting holds a structure. */
function settingError(key: string, error: z.ZodError): string {
  const issue = error.issues[0]!;
  if (issue.code === 'invalid_type') return `The ${key} setting has the wrong type.`;
  const where = issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  return `${issue.message}${where}`;
}
