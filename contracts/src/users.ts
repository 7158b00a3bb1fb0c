import { z } from 'zod';
import { displayText } from './text.js';
import { newPasswordSchema } from './auth.js';
import { permissionSchema } from './permissions.js';
import { socialProfileSchema } from './social-auth.js';

export const addressSchema = z.object({
  street_number: z.string().nullish(),
  street: z.string().nullish(),
  neighborhood: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  country: z.string().nullish(),
  postal_code: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});
export type Address = z.infer<typeof addressSchema>;

const addressPart = (max: number) => displayText(max).nullish();

/**
 * An address as a user sends it: the fields of `Address` and nothing else, each of a sensible
 * length, so the stored JSON is what every reader of it expects.
 */
export const addressInputSchema = z.strictObject(
  {
    street_number: addressPart(20),
    street: addressPart(200),
    neighborhood: addressPart(100),
    city: addressPart(100),
    state: addressPart(100),
    country: addressPart(100),
    postal_code: addressPart(20),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'An address has only street_number, street, neighborhood, city, state, country, postal_code, latitude and longitude.'
        : undefined,
  },
);

export const subscriptionSummarySchema = z.object({
  id: z.number(),
  product_id: z.number(),
  gateway_status: z.string().nullable(),
  valid: z.boolean(),
  active: z.boolean(),
  /** The user is a member of someone else's Family plan. */
  family: z.boolean().optional(),
});

/** A personal access token as lists show it; the secret is shown once, at creation, and never again. */
export const accessTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string().nullable(),
  display_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  cpf: z.string().nullable(),
  address_json: addressSchema.nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  two_factor_confirmed_at: z.string().nullable(),
  /** Two-factor is set up (state 1 or 2); with `two_factor_confirmed_at` it is confirmed (2). */
  two_factor_enabled: z.boolean().optional(),
  unread_notifications_count: z.number(),
  created_at: z.string(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  roles_count: z.number().optional(),
  permissions: z.array(permissionSchema).optional(),
  subscriptions: z.array(subscriptionSummarySchema).optional(),
  social_profiles: z.array(socialProfileSchema).optional(),
  tokens: z.array(accessTokenSchema).optional(),
});
export type User = z.infer<typeof userSchema>;

/** Names accepted by `with` / `loadCount` on user endpoints. */
export const userRelations = [
  'roles',
  'permissions',
  'subscriptions',
  'social_profiles',
  'tokens',
] as const;
export type UserRelation = (typeof userRelations)[number];

export { profileSlug } from './profile-slug.js';

/** 'auto' (the browser's) or an IANA timezone name the runtime knows. */
export function isTimezone(value: string): boolean {
  if (value === 'auto') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const updateProfileBodySchema = z.object({
  first_name: displayText(255).nullish(),
  last_name: displayText(255).nullish(),
  /** Only the URL of an avatar uploaded through `users/{id}/avatar`, or null to keep it cleared. */
  avatar: z.string().max(1000).nullish(),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Choose a language from the list.')
    .nullish()
    .or(z.literal('').transform(() => null)),
  timezone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimezone, 'Choose a timezone from the list.')
    .nullish()
    .or(z.literal('').transform(() => null)),
  country: z.string().trim().length(2, 'Use a two-letter country code.').nullish(),
});

/** A Brazilian CPF, formatted (000.000.000-00) or as 11 digits, checked by its two check digits. */
export function isValidCpf(value: string): boolean {
  if (!/^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})$/.test(value.trim())) return false;
  const digits = value.replace(/\D/g, '');
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

export const contactInfoBodySchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(
      /^[\d\s+()-]{10,20}$/,
      'Enter a phone number of 10 to 20 characters: digits, spaces, +, ( ) and -.',
    )
    .nullish()
    .or(z.literal('').transform(() => null)),
  cpf: z
    .string()
    .trim()
    .refine(isValidCpf, 'Enter a valid CPF.')
    .nullish()
    .or(z.literal('').transform(() => null)),
  address_json: addressInputSchema.nullish(),
});

export const changePasswordBodySchema = z.object({
  current_password: z
    .string({ message: 'The current password field is required.' })
    .min(1, 'The current password field is required.'),
  password: newPasswordSchema,
  password_confirmation: z.string({ message: 'Please confirm your password.' }),
});

export const userSessionSchema = z.object({
  /** An opaque id for the list, never the cookie value. */
  id: z.string(),
  device_type: z.enum(['mobile', 'tablet', 'desktop']),
  platform: z.string().nullable(),
  browser: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  ip_address: z.string().nullable(),
  last_active: z.string(),
  is_current_device: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
