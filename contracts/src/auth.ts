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

/** Phone numbers (spec section 5): digits, spaces, plus, parentheses and hyphens, 10 to 20 long. */
export const PHONE_PATTERN = /^[\d\s+()-]{10,20}$/;
export const PHONE_MESSAGE =
  'Enter a phone number of 10 to 20 characters: digits, spaces, +, ( ) and -.';

/** Usernames: letters, digits, dots, hyphens and underscores, 3 to 30 long. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const USERNAME_MESSAGE =
  'The username must be 3 to 30 characters: letters, digits, dots, hyphens or underscores.';

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome (OWASP asks for at least 64); argon2id hashes them whole. */
export const PASSWORD_MAX = 255;

/** A new password: registration, reset and change share this rule. */
export const newPasswordSchema = z
  .string({ message: 'The password field is required.' })
  .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The password may not be longer than ${PASSWORD_MAX} characters.`);
const password = newPasswordSchema;

export const registerBodySchema = z.object({
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(255)
    .email('Enter a valid email address.'),
  username: z
    .string({ message: 'The username field is required.' })
    .trim()
    .min(1, 'The username field is required.')
    .regex(USERNAME_PATTERN, USERNAME_MESSAGE),
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, PHONE_MESSAGE)
    .optional()
    .or(z.literal('').transform(() => undefined))
    .nullable(),
  password,
  password_confirmation: z.string({ message: 'Please confirm your password.' }),
  referrer_code: z.string().trim().max(100).nullish(),
  /** Ids of the registration policies the user ticked. */
  policies: z.array(z.string()).optional().default([]),
  /** Accepted and ignored until billing exists. */
  voucher_code: z.string().trim().max(100).nullish(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerStatusSchema = z.enum(['success', 'needs_email_verification']);
export type RegisterStatus = z.infer<typeof registerStatusSchema>;

/** Login answers either bootstrap data or, for an account with two-factor, `{two_factor: true}`. */
export const loginResponseSchema = z.union([
  z.object({ bootstrapData: z.record(z.string(), z.unknown()) }),
  z.object({ two_factor: z.literal(true) }),
]);

export const TWO_FACTOR_CODE_LENGTH = 6;
export const RECOVERY_CODE_LENGTH = 21;

export const twoFactorChallengeBodySchema = z
  .object({
    code: z.string().trim().length(TWO_FACTOR_CODE_LENGTH, 'The code must be 6 digits.').optional(),
    recovery_code: z
      .string()
      .trim()
      .length(RECOVERY_CODE_LENGTH, 'The recovery code must be 21 characters.')
      .optional(),
  })
  .refine((body) => body.code || body.recovery_code, {
    message: 'The code field is required.',
    path: ['code'],
  });

export const forgotPasswordBodySchema = z.object({
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .email('Enter a valid email address.'),
});

export const resetPasswordBodySchema = z.object({
  token: z.string().min(1, 'The reset link is invalid.').max(200),
  email: forgotPasswordBodySchema.shape.email,
  password,
  password_confirmation: z.string({ message: 'Please confirm your password.' }),
});

export const messageResponseSchema = z.object({ message: z.string() });

export const confirmPasswordBodySchema = z.object({
  password: z
    .string({ message: 'The password field is required.' })
    .min(1, 'The password field is required.'),
});

/** Seconds a confirmed password stays valid (spec section 9). */
export const PASSWORD_CONFIRMATION_SECONDS = 9000;

export const twoFactorQrCodeSchema = z.object({ svg: z.string(), secret: z.string() });

/** Spec section 4: 0 off, 1 enabled and waiting for a confirming code, 2 on. */
export const twoFactorStateSchema = z.object({
  two_factor_state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** The answer of `POST auth/register`. */
export const registerResponseSchema = z.object({
  status: registerStatusSchema,
  bootstrapData: z.record(z.string(), z.unknown()),
});

export const verificationCodeBodySchema = z.object({
  code: z
    .string({ message: 'The code field is required.' })
    .trim()
    .min(1, 'The code field is required.')
    .max(6, 'The code must be 6 digits.'),
});
