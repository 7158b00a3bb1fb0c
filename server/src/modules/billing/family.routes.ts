import {
  childAccountsResponseSchema,
  familyAccountsSchema,
  saveFamilyEmailsBodySchema,
} from '@cadenza/contracts/billing';
import { integer } from '@cadenza/contracts/http';
import { subscriptionSummarySchema } from '@cadenza/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FamilyService } from './family.service.js';

/** The Family plan's calls, served at exactly the paths of spec section 7. */
export async function familyRoutes(
  app: FastifyInstance,
  { family }: { family: FamilyService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { auth: true } as const;

  r.get(
    '/get-child-accounts.php',
    {
      config: signedIn,
      schema: {
        querystring: z.object({
          user_id: integer({ min: 1 }),
          user_email: z.string().max(255).optional(),
        }),
        response: { 200: childAccountsResponseSchema },
      },
    },
    async (request) => family.childAccounts(request, request.query.user_id),
  );

  r.post(
    '/save-emails.php',
    {
      config: signedIn,
      schema: {
        body: saveFamilyEmailsBodySchema,
        response: { 200: z.object({ message: z.string(), accounts: familyAccountsSchema }) },
      },
    },
    async (request) => family.saveEmails(request, request.body),
  );

  r.get(
    '/update-user-roles.php',
    {
      config: signedIn,
      schema: {
        querystring: z.object({ user_id: integer({ min: 1 }) }),
        response: { 200: z.object({ subscriptions: z.array(subscriptionSummarySchema) }) },
      },
    },
    async (request) => family.updateUserRoles(request, request.query.user_id),
  );
}
