import type { NotificationData } from '@cadenza/contracts/notifications';
import { profileSlug } from '@cadenza/contracts/users';
import { escapeHtml } from '../../core/html.js';
import type { EventBus } from '../../infra/events.js';
import { mailTranslator } from '../../infra/mail-template.js';
import type { MusicServices } from '../music/music.services.js';
import { describeDevice } from '../sessions/device.js';
import { displayName } from '@cadenza/contracts/display-name';
import type { UsersService } from '../users/users.service.js';
import type { NotificationsService } from './notifications.service.js';
import { SYSTEM_ACTOR } from '../music/actor.js';

const translator = mailTranslator('notifications-mail');
const bold = (text: string) => `<b>${escapeHtml(text)}</b>`;
const slug = (text: string) => encodeURIComponent(profileSlug(text));

/**
 * What the app tells people when things happen to their account or their music: each event of
 * the app becomes a notification here, written in the recipient's language.
 */
export function listenForNotifications({
  events,
  notifications,
  users,
  music,
}: {
  events: EventBus;
  notifications: NotificationsService;
  users: UsersService;
  music: Pick<MusicServices, 'likes' | 'catalogue'>;
}): void {
  events.on('account.signed_in', async ({ userId, newDevice, userAgent, ip }) => {
    if (!newDevice) return;
    const device = describeDevice(userAgent);
    await notifications.notify(userId, 'newSignIn', (user): NotificationData => {
      const t = translator(user.language);
      const where =
        [device.browser, device.platform].filter(Boolean).join(', ') || t('an unknown browser');
      return {
        lines: [
          { type: 'primary', content: escapeHtml(t('New sign-in to your account')) },
          {
            type: 'other',
            content: escapeHtml(
              t('From :device, at the address :ip.', { device: where, ip: ip ?? '?' }),
            ),
          },
          {
            type: 'other',
            content: escapeHtml(t('If this was not you, change your password now.')),
          },
        ],
        mainAction: { label: t('Review your sessions'), action: '/account-settings#sessions' },
      };
    });
  });

  events.on('account.password_changed', async ({ userId }) => {
    await notifications.notify(userId, 'passwordChanged', (user) => {
      const t = translator(user.language);
      return {
        lines: [
          { type: 'primary', content: escapeHtml(t('Your password was changed')) },
          {
            type: 'other',
            content: escapeHtml(
              t('If you did not change it, reset it now: your other devices were signed out.'),
            ),
          },
        ],
        mainAction: { label: t('Reset password'), action: '/forgot-password' },
      };
    });
  });

  events.on('account.two_factor_changed', async ({ userId, enabled }) => {
    await notifications.notify(userId, 'twoFactorChanged', (user) => {
      const t = translator(user.language);
      return {
        lines: [
          {
            type: 'primary',
            content: escapeHtml(
              enabled
                ? t('Two-factor authentication is on')
                : t('Two-factor authentication is off'),
            ),
          },
          {
            type: 'other',
            content: escapeHtml(t('If this was not you, secure your account now.')),
          },
        ],
        mainAction: { label: t('Open account settings'), action: '/account-settings#two-factor' },
      };
    });
  });

  events.on('music.user_followed', async ({ followerId, userId }) => {
    const follower = await users.findById(followerId);
    if (!follower) return;
    const name = displayName(follower);
    await notifications.notify(userId, 'newFollower', (user) => {
      const t = translator(user.language);
      return {
        image: follower.avatar ?? 'people',
        lines: [
          { type: 'primary', content: t(':name started following you.', { name: bold(name) }) },
        ],
        mainAction: { label: t('View profile'), action: `/user/${follower.id}/${slug(name)}` },
      };
    });
  });

  events.on('music.album_released', async ({ albumId, artistIds }) => {
    const followers = await music.likes.followerIds('artist', artistIds);
    if (followers.length === 0) return;
    const [album] = await music.catalogue.albumsByIds([albumId], {
      userId: null,
      actor: SYSTEM_ACTOR,
    });
    if (!album) return;
    const artist = album.artists[0]?.name ?? '';
    for (const followerId of followers) {
      await notifications.notify(followerId, 'newRelease', (user) => {
        const t = translator(user.language);
        return {
          ...(album.image ? { image: album.image } : {}),
          lines: [
            {
              type: 'primary',
              content: t(':artist released :album.', {
                artist: bold(artist),
                album: bold(album.name),
              }),
            },
          ],
          mainAction: {
            label: t('Listen now'),
            action: `/album/${album.id}/${slug(artist || 'various-artists')}/${slug(album.name)}`,
          },
        };
      });
    }
  });
}
