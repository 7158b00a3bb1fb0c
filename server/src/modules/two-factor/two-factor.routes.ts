import {
  messageResponseSchema,
  recoveryCodesSchema as codes,
  twoFactorQrCodeSchema,
  twoFactorStateSchema as state,
  verificationCodeBodySchema,
} from '@cadenza/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TwoFactorService } from './two-factor.service.js';

/** What these routes need of signing in (auth, which sits above two-factor, provides it). */
export interface PasswordConfirmation {
  /** Throws unless the session confirmed its password recently. */
  requireConfirmedPassword(request: FastifyRequest): void;
}

/** Fortify's two-factor endpoints; every change needs a recently confirmed password. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  { twoFactor, auth }: { twoFactor: TwoFactorService; auth: PasswordConfirmation },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: true };

  r.post(
    '/auth/user/two-factor-authentication',
    { config, schema: { response: { 200: state.extend(codes.shape) } } },
    async (request) => {
      auth.requireConfirmedPassword(request);
      await twoFactor.enable(request.user!.id);
      return {
        two_factor_state: 1 as const,
        recovery_codes: await twoFactor.recoveryCodes(request.user!.id),
      };
    },
  );

  r.get(
    '/auth/user/two-factor/qr-code',
    { config, schema: { response: { 200: twoFactorQrCodeSchema } } },
    async (request) => {
      auth.requireConfirmedPassword(request);
      return twoFactor.qrCode(request.user!.id);
    },
  );

  r.post(
    '/auth/user/confirmed-two-factor-authentication',
    { config, schema: { body: verificationCodeBodySchema, response: { 200: state } } },
    async (request) => {
      auth.requireConfirmedPassword(request);
      await twoFactor.confirm(request.user!.id, request.body.code);
      return { two_factor_state: 2 as const };
    },
  );

  r.get(
    '/auth/user/two-factor-recovery-codes',
    { config, schema: { response: { 200: codes } } },
    async (request) => {
      auth.requireConfirmedPassword(request);
      return { recovery_codes: await twoFactor.recoveryCodes(request.user!.id) };
    },
  );

  r.post(
    '/auth/user/two-factor-recovery-codes',
    { config, schema: { response: { 200: codes } } },
    async (request) => {
      auth.requireConfirmedPassword(request);
      return { recovery_codes: await twoFactor.regenerateRecoveryCodes(request.user!.id) };
    },
  );

  r.delete(
    '/auth/user/two-factor-authentication',
    { config, schema: { response: { 200: messageResponseSchema.extend(state.shape) } } },
    async (request) => {
      auth.requireConfirmedPassword(request);
      await twoFactor.disable(request.user!.id);
      return {
        message: 'Two factor authentication has been disabled.',
        two_factor_state: 0 as const,
      };
    },
  );
}
