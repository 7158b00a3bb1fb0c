import { z } from 'zod';

export const loginBodySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .email('Enter a valid email address.'),
  password: z.string().min(1, 'The password field is required.'),
  remember: z.boolean().optional().default(true),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
