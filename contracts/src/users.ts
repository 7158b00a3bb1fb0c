import { z } from 'zod';
import { permissionSchema } from './permissions.js';

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

export const subscriptionSummarySchema = z.object({
  id: z.number(),
  product_id: z.number(),
  gateway_status: z.string().nullable(),
  valid: z.boolean(),
  active: z.boolean(),
});

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
  unread_notifications_count: z.number(),
  created_at: z.string(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  roles_count: z.number().optional(),
  permissions: z.array(permissionSchema).optional(),
  subscriptions: z.array(subscriptionSummarySchema).optional(),
});
export type User = z.infer<typeof userSchema>;

/** Names accepted by `with` / `loadCount` on user endpoints. */
export const userRelations = ['roles', 'permissions', 'subscriptions'] as const;

/**
 * The slug of a profile link (spec section 5): lowercased, '-' between words, without
 * * + ~ . ( ) ' " ! : @ ? | / \ #; whitespace hyphenated when nothing else is left.
 */
export function profileSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[*+~.()'"!:@?|/\\#]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
  return slug || name.trim().replace(/\s+/g, '-');
}
