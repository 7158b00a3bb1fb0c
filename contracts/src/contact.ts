import { z } from 'zod';

export const contactMessageSchema = z.object({
  name: z
    .string({ message: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.'),
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(255, 'The email may not be greater than 255 characters.')
    .pipe(z.email('The email must be a valid email address.')),
  message: z
    .string({ message: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(5000, 'The message may not be greater than 5000 characters.'),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
