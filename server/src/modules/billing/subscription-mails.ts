import type { Mailer } from '../../infra/mail.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import { billingMail, type BillingMailKind } from './billing.mails.js';
import type { SubscriptionRow } from './billing.table.js';
import type { ProductsService } from './products.service.js';
import { grantsAccess } from './subscription-access.js';

/**
 * The e-mails that tell a holder what became of their plan: started, cancelled, resumed,
 * changed, ended, a payment failed. Written in the holder's language and time zone.
 */
export function createSubscriptionMails({
  products,
  users,
  settings,
  mailer,
  appUrl,
}: {
  products: ProductsService;
  users: UsersService;
  settings: SettingsService;
  mailer: Mailer;
  appUrl: string;
}) {
  async function mail(
    row: SubscriptionRow,
    kind: BillingMailKind,
    date?: string | null,
    productId = row.product_id,
  ) {
    const user = await users.findById(row.user_id);
    if (!user) return;
    const product = await products.findProduct(productId);
    const language = user.language ?? 'en';
    const formatted = date
      ? new Intl.DateTimeFormat(language, {
          dateStyle: 'long',
          timeZone: user.timezone ?? 'UTC',
        }).format(new Date(date))
      : undefined;
    const message = billingMail(
      kind,
      { to: user.email, language, siteName: await settings.get('branding.site_name') },
      { plan: product?.name ?? '', date: formatted, billingUrl: `${appUrl}/billing` },
    );
    // A mail that cannot be sent must not undo the change the gateway reported.
    await mailer
      .send(message)
      .catch((error: unknown) => console.error('billing mail failed', error));
  }

  /** The e-mails a change from `before` to `after` calls for. */
  async function announce(before: SubscriptionRow | undefined, after: SubscriptionRow) {
    const now = new Date().toISOString();
    if ((!before || !grantsAccess(before, now)) && grantsAccess(after, now)) {
      await mail(after, 'started');
    } else if (before && before.cancel_at_period_end === 0 && after.cancel_at_period_end === 1) {
      await mail(after, 'cancelled', after.ends_at);
    } else if (
      before &&
      before.cancel_at_period_end === 1 &&
      after.cancel_at_period_end === 0 &&
      grantsAccess(after, now)
    ) {
      // The last mail said the plan would end: say it goes on.
      await mail(after, 'resumed', after.renews_at);
    }
    if (
      before &&
      grantsAccess(before, now) &&
      grantsAccess(after, now) &&
      before.price_id !== after.price_id
    ) {
      await mail(after, 'changed');
    } else if (
      before &&
      after.pending_product_id &&
      after.pending_price_id !== before.pending_price_id
    ) {
      await mail(after, 'changeScheduled', after.pending_from, after.pending_product_id);
    }
    if (before && grantsAccess(before, now) && !grantsAccess(after, now)) {
      await mail(after, 'ended');
    }
  }

  return { mail, announce };
}
