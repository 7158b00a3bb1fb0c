import type { BackstageRequestType } from '@cadenza/contracts/backstage';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { SUPER_PERMISSION } from '@cadenza/contracts/permissions';
import { escapeHtml } from '../../core/html.js';
import type { EventBus } from '../../infra/events.js';
import { mailTranslator } from '../../infra/mail-template.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { BackstageRequestsService } from './requests.service.js';

const translator = mailTranslator('notifications-mail');
const bold = (text: string) => `<b>${escapeHtml(text)}</b>`;

const ASKED: Record<BackstageRequestType, string> = {
  'become-artist': ':user asks to become the artist :artist.',
  'claim-artist': ':user claims the artist :artist.',
  'verify-artist': ':user asks for the verified badge of :artist.',
};

/**
 * Tells both sides of a backstage request: the people who review the catalogue when one
 * arrives, and its author when it is answered (in-app and by e-mail, as each chose).
 */
export function listenForBackstageNotices({
  events,
  notifications,
  permissions,
  requests,
}: {
  events: EventBus;
  notifications: NotificationsService;
  permissions: Pick<PermissionsService, 'holders'>;
  requests: BackstageRequestsService;
}): void {
  events.on('backstage.request_submitted', async ({ requestId }) => {
    const found = await requests.forNotice(requestId);
    if (!found) return;
    const { request } = found;
    const reviewers = await permissions.holders([SUPER_PERMISSION, MUSIC_PERMISSIONS.update]);
    for (const reviewer of reviewers.filter((id) => id !== request.user.id)) {
      await notifications.notify(reviewer, 'backstageRequest', (user) => {
        const t = translator(user.language);
        return {
          ...(request.image ? { image: request.image } : {}),
          lines: [
            {
              type: 'primary',
              content: t(ASKED[request.type], {
                user: bold(request.user.name),
                artist: bold(request.artist_name),
              }),
            },
          ],
          mainAction: {
            label: t('Review the request'),
            action: `/admin/backstage-requests/${request.id}`,
          },
        };
      });
    }
  });

  events.on('backstage.request_reviewed', async ({ requestId }) => {
    const found = await requests.forNotice(requestId);
    if (!found) return;
    const { request } = found;
    await notifications.notify(request.user.id, 'backstageAnswer', (user) => {
      const t = translator(user.language);
      const artist = bold(request.artist_name);
      if (request.status === 'approved') {
        return {
          lines: [
            {
              type: 'primary',
              content:
                request.type === 'verify-artist'
                  ? t(':artist is verified.', { artist })
                  : t('Your request for :artist is approved.', { artist }),
            },
            {
              type: 'other',
              content: escapeHtml(t('Manage the profile and release music from the backstage.')),
            },
          ],
          mainAction: { label: t('Open the backstage'), action: '/backstage' },
        };
      }
      return {
        lines: [
          { type: 'primary', content: t('Your request for :artist was declined.', { artist }) },
          { type: 'other', content: escapeHtml(request.reason ?? '') },
        ],
        mainAction: { label: t('See your requests'), action: '/backstage' },
      };
    });
  });
}
