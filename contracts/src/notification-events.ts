// Apart from the notification schemas, so the web app's first page loads no zod to listen.

/** The live stream's events (DESIGN.md §8). */
export const NOTIFICATION_EVENTS = { notification: 'notification', unread: 'unread' } as const;
