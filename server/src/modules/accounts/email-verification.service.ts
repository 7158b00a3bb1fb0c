import crypto from 'node:crypto';
import type { RegisterStatus } from '@cadenza/contracts/auth';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { hmac, safeEqual } from '../../infra/hash.js';
import type { Mailer } from '../../infra/mail.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import type { UserRow } from '../users/users.table.js';
import * as repo from './accounts.repo.js';
import { preferredLanguage, verificationCodeMail, welcomeMail } from './emails/account-mails.js';

export const VERIFICATION_CODE_MINUTES = 20;
const INVALID = 'The code is invalid or has expired.';

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

export interface EmailVerificationDeps {
  db: Kysely<Database>;
  appUrl: string;
  appKey: string;
  users: UsersService;
  settings: SettingsService;
  mailer: Mailer;
  limiter: RateLimiter;
  log: (error: unknown) => void;
}

export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const { db, appKey, users, settings, mailer, limiter } = deps;
  // Keyed with the app key: a leaked table does not give away a million-guess lookup.
  const hashOf = (userId: number, code: string) => hmac(appKey, `email-code:${userId}:${code}`);

  async function throttle(key: string, max: number): Promise<void> {
    const result = await limiter.hit(key, max, 60);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfter);
  }

  async function sendCode(user: UserRow, language?: string): Promise<void> {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.replaceVerificationCode(db, {
      userId: user.id,
      codeHash: hashOf(user.id, code),
      expiresAt: new Date(Date.now() + VERIFICATION_CODE_MINUTES * 60_000).toISOString(),
    });
    await mailer.send(
      verificationCodeMail(
        {
          to: user.email,
          language: user.language ?? language,
          siteName: await settings.get('branding.site_name'),
        },
        { code, expiresMinutes: VERIFICATION_CODE_MINUTES },
      ),
    );
  }

  /** Sent once the address is known to be the user's: at once, or when the code is entered. */
  function sendWelcome(user: UserRow, language?: string): void {
    void (async () => {
      const siteName = await settings.get('branding.site_name');
      await mailer.send(
        welcomeMail(
          { to: user.email, language: user.language ?? language, siteName },
          { url: deps.appUrl },
        ),
      );
    })().catch(deps.log);
  }

  return {
    sendCode,

    /**
     * Greets a new account: with a verification code when its address still needs confirming,
     * else with the welcome mail. Mail goes out in the background.
     */
    async greet(user: UserRow, language?: string): Promise<RegisterStatus> {
      if (!user.email_verified_at && (await settings.get('require_email_confirmation'))) {
        sendCode(user, language).catch(deps.log);
        return 'needs_email_verification';
      }
      sendWelcome(user, language);
      return 'success';
    },

    /** Whether the user must verify before using the API. */
    async isRequiredFor(user: UserRow): Promise<boolean> {
      return !user.email_verified_at && (await settings.get('require_email_confirmation'));
    },

    /**
     * Sends a new code. The answer is the same whether the address has an unverified account,
     * a verified one or none, so nothing is learned about accounts.
     */
    async resend(request: FastifyRequest, email: string): Promise<void> {
      const address = (request.user?.email ?? email).trim().toLowerCase();
      await throttle(`verify-resend-ip:${request.ip}`, 60);
      await throttle(`verify-resend:${address}|${request.ip}`, 3);
      const user = request.user ?? (await users.findByEmail(address));
      if (!user || user.email_verified_at) return;
      // Mail goes out in the background so the answer time says nothing about the account.
      sendCode(user, preferredLanguage(null, request.headers['accept-language'])).catch(deps.log);
    },

    async validate(request: FastifyRequest, code: string): Promise<void> {
      const user = request.user;
      if (!user) throw AppError.unauthenticated();
      await throttle(`verify-code-ip:${request.ip}`, 60);
      await throttle(`verify-code:${user.id}|${request.ip}`, 5);
      if (user.email_verified_at) return;
      const row = await repo.findVerificationCode(db, user.id);
      const valid =
        row &&
        row.expires_at > new Date().toISOString() &&
        safeEqual(row.code_hash, hashOf(user.id, code.trim()));
      if (!row || !valid) throw AppError.validation({ code: INVALID });
      if (!(await repo.consumeVerificationCode(db, user.id, row.id, new Date().toISOString()))) {
        throw AppError.validation({ code: INVALID });
      }
      sendWelcome(user, preferredLanguage(null, request.headers['accept-language']));
    },
  };
}
