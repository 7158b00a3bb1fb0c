import {
  forgotPasswordBodySchema,
  messageResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  verificationCodeBodySchema,
} from '@cadenza/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BootstrapService } from '../bootstrap/bootstrap.service.js';
import type { EmailVerificationService } from './email-verification.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { RegistrationService } from './registration.service.js';

export interface AccountsRoutesDeps {
  registration: RegistrationService;
  passwordReset: PasswordResetService;
  emailVerification: EmailVerificationService;
  bootstrap: BootstrapService;
}

export async function accountsRoutes(
  app: FastifyInstance,
  { registration, passwordReset, emailVerification, bootstrap }: AccountsRoutesDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/register',
    {
      preValidation: async (request) => registration.throttle(request),
      schema: {
        body: registerBodySchema,
        response: { 200: registerResponseSchema },
      },
    },
    async (request) => {
      const status = await registration.register(request, request.body);
      return { status, bootstrapData: { ...(await bootstrap.forRequest(request)) } };
    },
  );

  r.post(
    '/auth/forgot-password',
    { schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => ({ message: await passwordReset.forgot(request, request.body.email) }),
  );

  r.post(
    '/auth/reset-password',
    { schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await passwordReset.reset(request, request.body);
      return { message: 'Your password has been reset!' };
    },
  );

  r.post(
    '/api/v1/resend-email-verification',
    {
      schema: {
        body: z.object({ email: z.string().trim().max(255).optional().default('') }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await emailVerification.resend(request, request.body.email);
      return { message: 'Email sent' };
    },
  );

  r.post(
    '/api/v1/validate-email-verification-otp',
    {
      config: { auth: true },
      schema: { body: verificationCodeBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await emailVerification.validate(request, request.body.code);
      return { message: 'Your email address has been verified.' };
    },
  );
}
