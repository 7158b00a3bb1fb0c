import { z } from 'zod';
import type { HeldPermission } from './permission-checks.js';

export const restrictionSchema = z.object({
  name: z.string(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
});
export type Restriction = z.infer<typeof restrictionSchema>;

export const permissionSchema = z.object({
  name: z.string(),
  restrictions: z.array(restrictionSchema),
}) satisfies z.ZodType<HeldPermission>;
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(permissionSchema).optional(),
});
export type Role = z.infer<typeof roleSchema>;

export * from './permission-checks.js';
