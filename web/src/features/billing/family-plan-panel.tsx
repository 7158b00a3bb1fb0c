import { Heart } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Skeleton } from '../../ui/skeleton';
import { SettingsPanel } from '../../ui/settings-panel';
import { useFamilyMembership } from './api/billing-api';

/** For a member of someone's Family plan: which plan they enjoy, and through whom. */
export function FamilyPlanPanel() {
  const { t } = useTranslation();
  const membership = useFamilyMembership();
  return (
    <SettingsPanel id="plan" title={t('Your plan')}>
      {membership.isPending ? (
        <Skeleton variant="text" className="w-72" />
      ) : membership.data ? (
        <div className="flex items-center gap-3">
          <Heart aria-hidden className="text-primary" />
          <p className="text-sm">
            {t('You are on {{plan}}, shared with you by {{owner}}.', {
              plan: t(membership.data.product.name),
              owner: membership.data.owner.display_name,
            })}
          </p>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{t('You are no longer on a Family plan.')}</p>
      )}
    </SettingsPanel>
  );
}
