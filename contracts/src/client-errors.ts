import { z } from 'zod';

/** Browser errors the web app reports to the server's error log (spec: sampled at 20 %). */
export const CLIENT_ERRORS_PATH = 'client-errors';

/** What a browser sends about one uncaught error or unhandled rejection. */
export const clientErrorReportSchema = z.object({
  message: z
    .string({ message: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(2000, 'The message may not be greater than 2000 characters.'),
  stack: z.string().max(20_000, 'The stack may not be greater than 20000 characters.').optional(),
  url: z
    .string({ message: 'The url field is required.' })
    .trim()
    .min(1, 'The url field is required.')
    .max(2000, 'The url may not be greater than 2000 characters.'),
  userAgent: z
    .string()
    .max(500, 'The user agent may not be greater than 500 characters.')
    .optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
