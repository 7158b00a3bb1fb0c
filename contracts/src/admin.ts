import { z } from 'zod';
import { newPasswordSchema, USERNAME_MESSAGE, USERNAME_PATTERN } from './auth.js';
import { permissionSchema, restrictionSchema } from './permissions.js';
import { displayText } from './text.js';

/**
 * The admin area's sections, each behind its own permission so an admin can hand parts of the
 * work to others (`admin` still grants all of them).
 */
export const ADMIN_PERMISSIONS = {
  access: 'admin.access',
  users: 'users.update',
  roles: 'roles.update',
  settings: 'settings.update',
  appearance: 'appearance.update',
  customPages: 'custom_pages.update',
  ads: 'ads.update',
  localizations: 'localizations.update',
  logs: 'logs.view',
  reports: 'reports.view',
  jobs: 'jobs.manage',
} as const;

/** A grant as the role and user editors send it: a permission by name with its restrictions. */
export const permissionGrantInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  restrictions: z.array(restrictionSchema).max(20).default([]),
});

const grants = z
  .array(permissionGrantInputSchema)
  .max(200)
  .default([])
  .refine(
    (list) => new Set(list.map((grant) => grant.name)).size === list.length,
    'Each permission may be granted once.',
  );

/** A ban: why, and until when (no end: until an admin lifts it). */
export const banInputSchema = z.object({
  reason: displayText(500, { required: 'Say why the account is banned.' }),
  banned_until: z.iso
    .datetime({ offset: true, message: 'Choose a valid date and time.' })
    .nullish()
    .refine((value) => !value || Date.parse(value) > Date.now(), 'The ban must end in the future.'),
});
export type BanInput = z.input<typeof banInputSchema>;
export type BanData = z.output<typeof banInputSchema>;

export const userBanSchema = z.object({
  reason: z.string(),
  banned_at: z.string(),
  banned_until: z.string().nullable(),
});

/** A user as the admin table and editor show them. */
export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string().nullable(),
  display_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  avatar: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Permissions granted to this user directly, beside their roles. */
  permissions: z.array(permissionSchema),
  subscribed: z.boolean(),
  ban: userBanSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const userFields = {
  first_name: displayText(255).nullish(),
  last_name: displayText(255).nullish(),
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, USERNAME_MESSAGE)
    .nullish()
    .or(z.literal('').transform(() => null)),
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .toLowerCase()
    .min(1, 'The email field is required.')
    .max(255)
    .email('Enter a valid email address.'),
  email_verified: z.boolean().default(false),
  role_ids: z.array(z.number().int().positive()).max(50).default([]),
  permissions: grants,
};

export const adminUserCreateSchema = z.object({ ...userFields, password: newPasswordSchema });
export type AdminUserCreate = z.input<typeof adminUserCreateSchema>;
export type AdminUserCreateData = z.output<typeof adminUserCreateSchema>;

/** An edit; a password only when the admin sets a new one. */
export const adminUserUpdateSchema = z.object({
  ...userFields,
  password: newPasswordSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdateData = z.output<typeof adminUserUpdateSchema>;

export const adminUserListQuerySchema = z.object({
  role_id: z.coerce.number().int().positive().optional(),
  subscribed: z.enum(['true', 'false']).optional(),
  banned: z.enum(['true', 'false']).optional(),
  verified: z.enum(['true', 'false']).optional(),
});

/** A role as the admin area shows it. */
export const adminRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** The role whose permissions apply to visitors who are not signed in. */
  guests: z.boolean(),
  /** The role every new account receives. */
  default: z.boolean(),
  permissions: z.array(permissionSchema),
  users_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const roleInputSchema = z.object({
  name: displayText(100, { required: 'The name field is required.' }),
  description: displayText(500).nullish(),
  default: z.boolean().default(false),
  permissions: grants,
});
export type RoleInput = z.input<typeof roleInputSchema>;
export type RoleData = z.output<typeof roleInputSchema>;

/** A permission the site knows, for the role and user editors. */
export const permissionDefinitionSchema = z.object({
  name: z.string(),
  group: z.string(),
  description: z.string().nullable(),
});
export type PermissionDefinition = z.infer<typeof permissionDefinitionSchema>;

/** An entry of the audit log: who did what to which object, with the object before and after. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), display_name: z.string() }).nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * The numeric limits a permission can carry (a quota), for the editors to offer. A permission
 * granted without its limit has none.
 */
export const PERMISSION_RESTRICTIONS: Record<string, { name: string; label: string }[]> = {
  'playlists.create': [{ name: 'count', label: 'How many playlists' }],
  'files.create': [{ name: 'space', label: 'Storage, in bytes' }],
};

/** A language as the localizations screen lists it. */
export const adminLocalizationSchema = z.object({
  language: z.string(),
  name: z.string(),
  /** Shipped with the app (its lines can be corrected; it cannot be deleted). */
  shipped: z.boolean(),
  default: z.boolean(),
  translated: z.number(),
  total: z.number(),
});
export type AdminLocalization = z.infer<typeof adminLocalizationSchema>;

export const newLocalizationSchema = z.object({
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Use a language code such as es or fr-CA.'),
  name: displayText(100, { required: 'The name field is required.' }),
});

/** One line of a language: the English text, its translation here, and what ships with the app. */
export const localizationLineSchema = z.object({
  key: z.string(),
  value: z.string(),
  shipped: z.string().nullable(),
});
export type LocalizationLine = z.infer<typeof localizationLineSchema>;

export const saveLinesSchema = z.object({
  lines: z.record(z.string().max(2000), z.string().max(5000)),
});
