import { DEVICE_EVENTS, DEVICE_STREAM_PARAM } from '@cadenza/contracts/device-events';
import { deviceIdSchema } from '@cadenza/contracts/devices';
import { NOTIFICATION_EVENTS } from '@cadenza/contracts/notifications';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countWhileOpen } from '../../core/http-metrics.js';
import type { DevicesService } from '../music/devices/devices.service.js';
import { listenerOf } from '../music/http.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { LiveMessage, NotificationsService } from './notifications.service.js';

/** How often an idle stream says it is alive, and checks its session still is. */
export const HEARTBEAT_MS = 20_000;

/**
 * A signed-in browser's server-sent-events stream (DESIGN.md §8): `unread` with the count on
 * opening, the notifications a reconnecting browser missed (by `Last-Event-ID`), then each new
 * notification and count as they happen, on any instance. It closes when its session ends.
 * A web player opens it with `?device=<its id>`: it then carries that player's commands
 * (`player-command`) and every change of the user's players (`player-devices`); when it ends,
 * the player leaves the others' lists.
 */
export async function openNotificationStream(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    notifications,
    sessions,
    devices,
    heartbeatMs = HEARTBEAT_MS,
  }: {
    notifications: NotificationsService;
    sessions: SessionsService;
    devices?: DevicesService;
    heartbeatMs?: number;
  },
): Promise<void> {
  const userId = request.user!.id;
  const deviceParam = (request.query as Record<string, unknown> | undefined)?.[DEVICE_STREAM_PARAM];
  const parsedDevice = deviceIdSchema.safeParse(deviceParam);
  const deviceId = parsedDevice.success ? parsedDevice.data : null;
  const sessionRow = request.session.row;
  const raw = reply.raw;
  let open = true;

  const send = (event: string, data: unknown, id?: string) => {
    if (!open) return;
    raw.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const close = () => {
    if (!open) return;
    open = false;
    stopListening();
    stopDevices();
    stopWatching();
    clearInterval(heartbeat);
    raw.end();
    if (deviceId && devices) {
      void listenerOf(request)
        .then((listener) => devices.disconnect(listener, deviceId))
        .catch((error: unknown) => request.log.warn({ err: error }, 'a player left unannounced'));
    }
  };

  const onMessage = (message: LiveMessage) => {
    if (message.kind === 'notification') {
      send(
        NOTIFICATION_EVENTS.notification,
        { ...message.notification, browser: message.browser },
        message.notification.id,
      );
      send(NOTIFICATION_EVENTS.unread, { unreadCount: message.unreadCount });
    } else if (message.kind === 'unread') {
      send(NOTIFICATION_EVENTS.unread, { unreadCount: message.unreadCount });
    } else if (sessionRow) {
      const ended = message.sessionIds
        ? message.sessionIds.includes(sessionRow.id)
        : message.except !== sessionRow.id;
      if (ended) close();
    }
  };
  // Listening starts before anything is read, so nothing created meanwhile is missed.
  const stopListening = notifications.listen(userId, onMessage);
  const stopDevices = devices
    ? devices.listen(userId, deviceId, {
        onCommand: (command) => send(DEVICE_EVENTS.command, command),
        onDevices: (list) => send(DEVICE_EVENTS.devices, { devices: list }),
      })
    : () => {};
  // Events published while Redis was away never came: ending the stream makes the browser open
  // it again with its Last-Event-ID, and the new stream sends what was missed and the count.
  const stopWatching = notifications.onLiveEventsResumed(close);
  const heartbeat = setInterval(() => {
    if (!open) return;
    raw.write(': ping\n\n');
    // A session that expired, or ended where no message reached us, ends the stream too.
    if (sessionRow) {
      void sessions.find(request.session.id).then((row) => {
        if (!row) close();
      });
    }
  }, heartbeatMs);
  raw.on('close', close);

  reply.hijack();
  countWhileOpen(reply, 'events');
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  send(NOTIFICATION_EVENTS.unread, { unreadCount: await notifications.unreadCount(userId) });
  const lastEventId = request.headers['last-event-id'];
  if (typeof lastEventId === 'string' && lastEventId) {
    for (const notification of await notifications.missedSince(userId, lastEventId)) {
      send(NOTIFICATION_EVENTS.notification, notification, notification.id);
    }
  }
}
