import { z } from 'zod';
import { workspaceRoleOptionSchema } from './workspaces.js';

export const localizationSchema = z.object({ language: z.string(), name: z.string() });
export type Localization = z.infer<typeof localizationSchema>;

export const timezoneOptionSchema = z.object({
  /** IANA name, e.g. `Europe/Lisbon`. */
  value: z.string(),
  /** `(UTC+00:00) Lisbon`, the offset as of now. */
  text: z.string(),
});
export type TimezoneOption = z.infer<typeof timezoneOptionSchema>;

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export type Country = z.infer<typeof countrySchema>;

export const valueListsSchema = z.object({
  localizations: z.array(localizationSchema),
  /** Grouped by region (`Europe`, `America`, …). */
  timezones: z.record(z.string(), z.array(timezoneOptionSchema)),
  countries: z.array(countrySchema),
  /** The roles of a workspace, for clients that invite people or change their roles. */
  workspaceRoles: z.array(workspaceRoleOptionSchema),
});
export type ValueLists = z.infer<typeof valueListsSchema>;
export const VALUE_LIST_NAMES = [
  'localizations',
  'timezones',
  'countries',
  'workspaceRoles',
] as const;
export type ValueListName = (typeof VALUE_LIST_NAMES)[number];

export const changeLocaleBodySchema = z.object({ locale: z.string().min(1).max(20) });

/** A language with its translation lines (keyed by the English text), as bootstrap data has it. */
export const i18nBundleSchema = localizationSchema.extend({
  lines: z.record(z.string(), z.string()),
});

export const changeLocaleResponseSchema = z.object({
  locale: z.string(),
  i18n: i18nBundleSchema,
});
export type ChangeLocaleResponse = z.infer<typeof changeLocaleResponseSchema>;
