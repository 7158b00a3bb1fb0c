import type { RegisterBody, RegisterStatus } from '@cadenza/contracts/auth';
import type { FastifyRequest } from 'fastify';
import { AppError, type FieldErrors } from '../../core/errors.js';
import { hashPassword } from '../../infra/hash.js';
import { newPasswordError } from '../../infra/password-policy.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import { preferredLanguage } from './emails/account-mails.js';
import type { EmailVerificationService } from './email-verification.service.js';

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/**
 * The bot check of registration (the bot-check module): passes when the check is off for the
 * action or this session passed one moment ago; otherwise throws a 422.
 */
export interface HumanCheck {
  assertHuman(sessionId: string, action: 'register'): Promise<void>;
}

export interface RegistrationDeps {
  users: UsersService;
  permissions: PermissionsService;
  settings: SettingsService;
  auth: AuthService;
  emailVerification: EmailVerificationService;
  limiter: RateLimiter;
  /** Looked up on each registration, so a bot-check service added later is picked up. */
  humanCheck: () => HumanCheck | undefined;
}

const TAKEN_EMAIL = 'The email has already been taken.';
const TAKEN_USERNAME = 'The username has already been taken.';

export function createRegistrationService(deps: RegistrationDeps) {
  const { users, permissions, settings, auth, limiter } = deps;

  return {
    /** Registrations per address, counted before the payload is even validated. */
    async throttle(request: FastifyRequest): Promise<void> {
      const attempt = await limiter.hit(`register-ip:${request.ip}`, 60, 60);
      if (!attempt.allowed) throw AppError.tooManyRequests(attempt.retryAfter);
    },

    async register(
      request: FastifyRequest,
      input: Omit<RegisterBody, 'policies'> & { policies: string[] },
    ): Promise<RegisterStatus> {
      if (await settings.get('registration.disable')) {
        throw AppError.forbidden('Registration is disabled.');
      }

      const check = deps.humanCheck();
      if (check) await check.assertHuman(request.session.id, 'register');
      else if (await settings.get('recaptcha.enable.register')) {
        // Without a bot-check service registration fails closed rather than letting bots in.
        throw AppError.validation({ bot_check: 'Could not verify you are human.' });
      }

      const email = input.email.trim().toLowerCase();
      const errors: FieldErrors = {};
      const passwordError = newPasswordError(input.password, input.password_confirmation);
      if (passwordError) errors.password = passwordError;
      for (const policy of await settings.get('registration.policies')) {
        if (!input.policies.includes(policy.id)) {
          errors[`policies.${policy.id}`] = `You must accept the ${policy.name}.`;
        }
      }
      if (await users.findByEmail(email)) errors.email = TAKEN_EMAIL;
      if (await users.findByUsername(input.username)) errors.username = TAKEN_USERNAME;
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);

      let user;
      try {
        user = await users.create({
          email,
          password: await hashPassword(input.password),
          username: input.username,
          phone: input.phone ?? null,
          referrerCode: input.referrer_code ?? null,
        });
      } catch {
        // Two registrations raced for the same address or username.
        throw AppError.validation({ email: TAKEN_EMAIL });
      }
      await permissions.assignDefaultRole(user.id);
      await auth.startSession(request, user.id, false);

      return deps.emailVerification.greet(
        user,
        preferredLanguage(user.language, request.headers['accept-language']),
      );
    },
  };
}
