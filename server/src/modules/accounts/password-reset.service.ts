import type { EventBus } from '../../infra/events.js';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { hashPassword, randomToken, safeEqual, sha256 } from '../../infra/hash.js';
import { newPasswordError } from '../../infra/password-policy.js';
import type { Mailer } from '../../infra/mail.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import * as repo from './accounts.repo.js';
import { passwordResetMail, preferredLanguage } from './emails/account-mails.js';

export const RESET_TOKEN_MINUTES = 60;
export const RESET_LINK_SENT =
  'If an account exists for this email address, we have emailed a password reset link. It may take a few minutes to arrive.';
const INVALID_TOKEN = 'This password reset link is invalid or has expired.';

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

export interface PasswordResetDeps {
  db: Kysely<Database>;
  appUrl: string;
  users: UsersService;
  sessions: SessionsService;
  settings: SettingsService;
  mailer: Mailer;
  limiter: RateLimiter;
  events: EventBus;
  log: (error: unknown) => void;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, users, sessions, settings, mailer, limiter } = deps;

  async function throttle(key: string, max: number): Promise<void> {
    const result = await limiter.hit(key, max, 60);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfter);
  }

  async function sendLink(userId: number, acceptLanguage: string | undefined): Promise<void> {
    const user = await users.findById(userId);
    if (!user) return;
    const token = randomToken(32);
    await repo.saveResetToken(db, user.email, sha256(token));
    const url = `${deps.appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    await mailer.send(
      passwordResetMail(
        {
          to: user.email,
          language: preferredLanguage(user.language, acceptLanguage),
          siteName: await settings.get('branding.site_name'),
        },
        { url, expiresMinutes: RESET_TOKEN_MINUTES },
      ),
    );
  }

  return {
    /**
     * The same answer, in about the same time, whether or not the address has an account: the
     * token and the mail are made in the background.
     */
    async forgot(request: FastifyRequest, email: string): Promise<string> {
      const address = email.trim().toLowerCase();
      await throttle(`forgot-ip:${request.ip}`, 60);
      await throttle(`forgot:${address}|${request.ip}`, 5);
      const user = await users.findByEmail(address);
      if (user) sendLink(user.id, request.headers['accept-language']).catch(deps.log);
      return RESET_LINK_SENT;
    },

    async reset(
      request: FastifyRequest,
      input: { token: string; email: string; password: string; password_confirmation: string },
    ): Promise<void> {
      const email = input.email.trim().toLowerCase();
      await throttle(`reset-ip:${request.ip}`, 60);
      await throttle(`reset:${email}|${request.ip}`, 5);
      const passwordError = newPasswordError(input.password, input.password_confirmation);
      if (passwordError) throw AppError.validation({ password: passwordError });
      const row = await repo.findResetToken(db, email);
      const user = row ? await users.findByEmail(email) : undefined;
      const fresh = row && Date.now() - Date.parse(row.created_at) < RESET_TOKEN_MINUTES * 60_000;
      if (row && !fresh) await repo.deleteResetTokens(db, email);
      if (!row || !user || !fresh || !safeEqual(row.token_hash, sha256(input.token))) {
        throw AppError.validation({ email: INVALID_TOKEN });
      }
      const done = await repo.resetPassword(db, {
        email,
        tokenHash: row.token_hash,
        userId: user.id,
        passwordHash: await hashPassword(input.password),
      });
      if (!done) throw AppError.validation({ email: INVALID_TOKEN });
      await deps.events.emit('account.password_changed', { userId: user.id });
      // Whoever knew the old password is signed out everywhere.
      const current = request.user?.id === user.id ? request.session.row : null;
      await sessions.endOthers(user.id, current);
      await limiter.clear(`reset:${email}|${request.ip}`);
    },
  };
}
