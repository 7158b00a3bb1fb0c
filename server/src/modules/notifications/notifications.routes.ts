import { integer, paginationSchema } from '@cadenza/contracts/http';
import {
  markAsReadBodySchema,
  notificationSchema,
  notificationSubscriptionsSchema,
  updateNotificationSubscriptionsSchema,
} from '@cadenza/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { DevicesService } from '../music/devices/devices.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { openNotificationStream } from './live-stream.js';
import type { NotificationsService } from './notifications.service.js';

const signedIn = { auth: true } as const;
const unread = { 200: z.object({ unreadCount: z.number() }) };

export async function notificationsRoutes(
  app: FastifyInstance,
  {
    notifications,
    sessions,
    devices,
    heartbeatMs,
  }: {
    notifications: NotificationsService;
    sessions: SessionsService;
    devices?: DevicesService;
    heartbeatMs?: number;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/notifications',
    {
      config: signedIn,
      schema: {
        querystring: z.object({
          page: integer({ min: 1 }).default(1),
          perPage: integer({ min: 1, max: 100 }).default(30),
        }),
        response: { 200: paginationSchema(notificationSchema) },
      },
    },
    async (request) => ({
      pagination: await notifications.list(request.user!.id, request.query),
    }),
  );

  r.post(
    '/api/v1/notifications/mark-as-read',
    { config: signedIn, schema: { body: markAsReadBodySchema, response: unread } },
    async (request) => {
      const { ids, markAllAsRead, markAllAsUnread } = request.body;
      // The spec's mark-all variant sends `markAllAsUnread: true` from 'Mark all as read'.
      if (markAllAsRead || markAllAsUnread)
        return notifications.markAsRead(request.user!.id, 'all');
      if (!ids?.length)
        throw AppError.validation({ ids: 'Choose the notifications to mark as read.' });
      return notifications.markAsRead(request.user!.id, ids);
    },
  );

  r.delete(
    '/api/v1/notifications/:ids',
    {
      config: signedIn,
      schema: {
        params: z.object({
          ids: z
            .string()
            .transform((value) => value.split(',').filter(Boolean))
            .pipe(z.array(z.uuid('Not a notification id.')).min(1).max(100)),
        }),
        response: unread,
      },
    },
    async (request) => notifications.remove(request.user!.id, request.params.ids),
  );

  r.get(
    '/api/v1/notifications/me/subscriptions',
    { config: signedIn, schema: { response: { 200: notificationSubscriptionsSchema } } },
    async (request) => notifications.subscriptions(request.user!.id),
  );

  r.put(
    '/api/v1/notifications/me/subscriptions',
    {
      config: signedIn,
      schema: {
        body: updateNotificationSubscriptionsSchema,
        response: { 200: notificationSubscriptionsSchema },
      },
    },
    async (request) => notifications.updateSubscriptions(request.user!.id, request.body.selections),
  );

  // The link of a notification e-mail: it works without signing in (its token is the proof),
  // and mail clients post to it for one-click unsubscribing.
  r.post(
    '/api/v1/notifications/unsubscribe/:token',
    {
      config: { cookieless: true },
      schema: {
        params: z.object({ token: z.string().min(1).max(300) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => notifications.unsubscribe(request.params.token),
  );

  r.get(
    '/api/v1/notifications/stream',
    { config: { ...signedIn, eventStream: true } },
    async (request, reply) =>
      openNotificationStream(request, reply, {
        notifications,
        sessions,
        ...(devices ? { devices } : {}),
        ...(heartbeatMs ? { heartbeatMs } : {}),
      }),
  );
}
