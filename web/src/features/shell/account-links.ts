import type { MenuItem } from '@cadenza/contracts/menus';
import { useSetting } from '../../api/bootstrap';
import { useTranslation } from '../../i18n/use-translation';
import { useManagedArtists } from '../backstage/backstage-api';

export interface AccountLink {
  to: string;
  label: string;
}

/**
 * The app's own places every member can find from their menu, whatever the admin put in it:
 * backstage (to manage the artists they hold, or to ask for one), plan and billing while
 * billing is on, workspaces and account settings. A place the configured menu already links
 * to is left out, so it shows once.
 */
export function useAccountLinks(configured: Pick<MenuItem, 'action'>[]): AccountLink[] {
  const { t } = useTranslation();
  const billingEnabled = useSetting('billing.enable') === true;
  const managedArtists = useManagedArtists();
  const managesArtists = (managedArtists.data?.length ?? 0) > 0;

  const links: (AccountLink | false)[] = [
    {
      to: '/backstage',
      label: managesArtists ? t('Backstage') : t('Request backstage access'),
    },
    billingEnabled && { to: '/billing', label: t('Plan and billing') },
    { to: '/workspaces', label: t('Workspaces') },
    { to: '/account-settings', label: t('Account settings') },
  ];
  const taken = new Set(configured.map((item) => item.action));
  return links.filter((link): link is AccountLink => link !== false && !taken.has(link.to));
}
