import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../core/errors.js';
import type { EmailVerificationService } from './email-verification.service.js';

/** What an unverified user may still call while confirmation is required (spec section 6). */
const ALLOWED = new Set([
  'GET /api/v1/me',
  'GET /api/v1/users/:id',
  'GET /api/v1/bootstrap-data',
  'GET /api/v1/health',
  'POST /auth/logout',
  'POST /api/v1/users/me/locale',
  'POST /api/v1/resend-email-verification',
  'POST /api/v1/validate-email-verification-otp',
  // A 100 % voucher entered at registration is redeemed right after it, before the code arrives.
  'POST /api/v1/vouchers/create-free-subscription',
]);

export const UNVERIFIED_MESSAGE = 'Please verify your email address before continuing.';

/**
 * While `require_email_confirmation` is on, a signed-in user whose address is not verified
 * reaches only the calls above; every other API call answers 403. Pages still load: the web app
 * shows the verification screen.
 */
export const emailVerificationGate = fp<{ emailVerification: EmailVerificationService }>(
  async (app: FastifyInstance, { emailVerification }) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const user = request.user;
      const url = request.routeOptions.url ?? '';
      if (
        !user ||
        user.email_verified_at ||
        !/^\/(api|auth|secure)\//.test(url) ||
        ALLOWED.has(`${request.method} ${url}`)
      )
        return done();
      emailVerification.isRequiredFor(user).then((required) => {
        done(
          required
            ? new AppError(403, UNVERIFIED_MESSAGE, { code: 'email_unverified' })
            : undefined,
        );
      }, done);
    });
  },
  { name: 'email-verification-gate', dependencies: ['auth-context'] },
);
