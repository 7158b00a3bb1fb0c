import { contactMessageSchema } from '@cadenza/contracts/contact';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContactService } from './contact.service.js';

export async function contactRoutes(
  app: FastifyInstance,
  { contact }: { contact: ContactService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/contact-page',
    {
      schema: {
        body: contactMessageSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await contact.submit(request.body, { ip: request.ip, sessionId: request.session.id });
      return { message: 'Your message has been submitted.' };
    },
  );
}
