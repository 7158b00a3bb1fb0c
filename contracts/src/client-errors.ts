import { z } from 'zod';
import { CLIENT_ERROR_LIMITS as LIMITS, type ClientErrorReport } from './client-error-report.js';

export { CLIENT_ERRORS_PATH, type ClientErrorReport } from './client-error-report.js';

/** The server's check of a browser's error report (`client-error-report.ts`). */
export const clientErrorReportSchema: z.ZodType<ClientErrorReport> = z.object({
  message: z
    .string({ message: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(LIMITS.message, `The message may not be greater than ${LIMITS.message} characters.`),
  stack: z
    .string()
    .max(LIMITS.stack, `The stack may not be greater than ${LIMITS.stack} characters.`)
    .optional(),
  url: z
    .string({ message: 'The url field is required.' })
    .trim()
    .min(1, 'The url field is required.')
    .max(LIMITS.url, `The url may not be greater than ${LIMITS.url} characters.`),
  userAgent: z
    .string()
    .max(LIMITS.userAgent, `The user agent may not be greater than ${LIMITS.userAgent} characters.`)
    .optional(),
});
