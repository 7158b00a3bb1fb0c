import {
  changeLocaleBodySchema,
  changeLocaleResponseSchema,
} from '@cadenza/contracts/localization';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../core/cookies.js';
import type { LocalizationService } from './localization.service.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function localizationRoutes(
  app: FastifyInstance,
  { localization, secureCookies }: { localization: LocalizationService; secureCookies: boolean },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Guests may choose a language too: theirs lives in a cookie, a user's on the account (and
  // in the cookie, so the page keeps its language after logging out).
  r.post(
    '/api/v1/users/me/locale',
    {
      schema: {
        body: changeLocaleBodySchema,
        response: { 200: changeLocaleResponseSchema },
      },
    },
    async (request, reply) => {
      const i18n = await localization.change(request.user?.id ?? null, request.body.locale);
      reply.setCookie(LOCALE_COOKIE, i18n.language, {
        path: '/',
        maxAge: ONE_YEAR_SECONDS,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
      });
      return { locale: i18n.language, i18n };
    },
  );
}
