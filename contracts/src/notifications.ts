import { z } from 'zod';

/** Where a notification can reach its user. */
export const NOTIFICATION_CHANNELS = ['database', 'email', 'browser'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Pictures a notification may name instead of an image URL (spec section 3). */
export const NOTIFICATION_ICONS = ['group-add', 'people', 'export-csv'] as const;

export const notificationActionSchema = z.object({
  label: z.string(),
  /** A path inside the app, an absolute URL, or a word the client acts on ('join', 'decline'). */
  action: z.string(),
});
export type NotificationAction = z.infer<typeof notificationActionSchema>;

export const notificationLineSchema = z.object({
  type: z.enum(['primary', 'other']),
  /** HTML of the one allow-list (bold, italics, links). */
  content: z.string(),
  icon: z.string().optional(),
  action: notificationActionSchema.optional(),
});
export type NotificationLine = z.infer<typeof notificationLineSchema>;

export const notificationDataSchema = z
  .object({
    /** An image URL, or one of NOTIFICATION_ICONS. */
    image: z.string().optional(),
    lines: z.array(notificationLineSchema),
    mainAction: notificationActionSchema.optional(),
    buttonActions: z.array(notificationActionSchema).optional(),
    /** Workspace invitations: the invite the buttons join or decline. */
    inviteId: z.string().optional(),
  })
  .catchall(z.unknown());
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: notificationDataSchema,
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const channelMap = z.record(z.enum(NOTIFICATION_CHANNELS), z.boolean());

/** GET/PUT notifications/me/subscriptions (spec section 3, "Notification subscription"). */
export const notificationSubscriptionsSchema = z.object({
  available_channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  subscriptions: z.array(
    z.object({
      group_name: z.string(),
      subscriptions: z.array(z.object({ notif_id: z.string(), name: z.string() })),
    }),
  ),
  user_selections: z.array(z.object({ notif_id: z.string(), channels: channelMap })),
});
export type NotificationSubscriptions = z.infer<typeof notificationSubscriptionsSchema>;

export const updateNotificationSubscriptionsSchema = z.object({
  selections: z
    .array(
      z.object({
        notif_id: z.string().trim().min(1).max(100),
        channels: z.partialRecord(z.enum(NOTIFICATION_CHANNELS), z.boolean()),
      }),
    )
    .max(100),
});

/** Spec section 7: `{ids}` marks those read; the mark-all variants take every notification. */
export const markAsReadBodySchema = z.object({
  ids: z.array(z.uuid()).max(500).optional(),
  markAllAsRead: z.boolean().optional(),
  markAllAsUnread: z.boolean().optional(),
});

export { NOTIFICATION_EVENTS } from './notification-events.js';
