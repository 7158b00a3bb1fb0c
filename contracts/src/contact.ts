import { z } from 'zod';
import { displayText } from './text.js';

export const contactMessageSchema = z.object({
  name: displayText(100, {
    required: 'The name field is required.',
    tooLong: 'The name may not be greater than 100 characters.',
  }),
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(255, 'The email may not be greater than 255 characters.')
    .pipe(z.email('The email must be a valid email address.')),
  message: displayText(5000, {
    multiline: true,
    required: 'The message field is required.',
    tooLong: 'The message may not be greater than 5000 characters.',
  }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
