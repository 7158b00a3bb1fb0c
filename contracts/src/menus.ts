import { z } from 'zod';

export const menuItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  action: z.string(),
  type: z.enum(['link', 'route']),
  target: z.enum(['_self', '_blank']).optional(),
  icon: z.string().optional(),
  /** Role ids the user must all hold. */
  roles: z.array(z.number()).optional(),
  /** Permission names the user must all hold. */
  permissions: z.array(z.string()).optional(),
  /** Setting key → required value. */
  settings: z.record(z.string(), z.unknown()).optional(),
  subscriptionStatus: z.enum(['subscribed', 'notSubscribed']).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({
  id: z.string(),
  name: z.string(),
  positions: z.array(z.string()),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;
