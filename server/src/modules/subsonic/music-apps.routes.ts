import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { impersonatorOf } from '../sessions/sessions.service.js';
import type { AppPasswords } from './app-passwords.js';

const musicAppsSchema = z.object({
  /** What to type into a music app as the server. */
  server_url: z.string(),
  username: z.string(),
  has_password: z.boolean(),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

/** Account settings' "Music apps": the server address and the music apps password. */
export async function musicAppsRoutes(
  app: FastifyInstance,
  { appPasswords, appUrl }: { appPasswords: AppPasswords; appUrl: string },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { auth: true } as const;

  r.get(
    '/api/v1/me/music-apps',
    { config: signedIn, schema: { response: { 200: musicAppsSchema } } },
    async (request) => ({
      server_url: appUrl,
      username: request.user!.username ?? request.user!.email,
      ...(await appPasswords.status(request.user!.id)),
    }),
  );

  // The password is shown in this answer only; a new one replaces the old.
  r.post(
    '/api/v1/me/music-apps/password',
    { config: signedIn, schema: { response: { 200: z.object({ password: z.string() }) } } },
    async (request) => ({
      password: await appPasswords.generate(request.user!.id, {
        impersonatedBy: impersonatorOf(request.session.row),
      }),
    }),
  );

  r.delete('/api/v1/me/music-apps/password', { config: signedIn }, async (request) => {
    await appPasswords.revoke(request.user!.id);
    return { message: 'Music apps password revoked.' };
  });
}
