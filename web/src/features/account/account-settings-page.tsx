import { PERMISSIONS } from '@cadenza/contracts/permission-checks';
import { useTranslation } from '../../i18n/use-translation';
import { usePermission } from '../../app/access';
import { useSetting } from '../../api/bootstrap';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { SocialLoginPanel } from '../auth/social-login-panel';
import { FamilyMembersPanel, familySubscriptionOf } from '../billing/family-members-panel';
import { FamilyPlanPanel } from '../billing/family-plan-panel';
import { NormaliseVolumePanel } from '../player/normalise-volume-panel';
import { useMe } from './api/account-api';
import { usePasswordConfirmation } from './components/password-confirmation';
import { AccountDetailsPanel } from './panels/account-details-panel';
import { ContactInfoPanel } from './panels/contact-info-panel';
import { DeleteAccountPanel } from './panels/delete-account-panel';
import { DevelopersPanel } from './panels/developers-panel';
import { LocationLanguagePanel } from './panels/location-language-panel';
import { MusicAppsPanel } from './panels/music-apps-panel';
import { PasswordPanel } from './panels/password-panel';
import { ScrobblingPanel } from './panels/scrobbling-panel';
import { SessionsPanel } from './panels/sessions-panel';
import { TwoFactorPanel } from './panels/two-factor-panel';

/** The account settings panels of spec section 2, stacked in a 780 px column. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const apiIntegrated = Boolean(useSetting('api.integrated'));
  const canUseApi = usePermission(PERMISSIONS.apiAccess);
  const confirmation = usePasswordConfirmation();
  const billingEnabled = Boolean(useSetting('billing.enable'));
  const family = me.data ? familySubscriptionOf(me.data) : undefined;
  const isFamilyMember = me.data?.subscriptions?.some((item) => item.family) ?? false;

  return (
    <div className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto flex max-w-[780px] flex-col gap-6">
        <header>
          <h1 className="text-3xl font-semibold">{t('Account settings')}</h1>
          <p className="mt-1 text-sm text-fg-muted">
            {t('View and update your account details, profile and more.')}
          </p>
        </header>
        {me.isPending ? (
          <div aria-busy className="flex flex-col gap-6">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-64" />
            ))}
          </div>
        ) : me.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="text-xl font-semibold">{t('There was an issue loading this page')}</p>
            <p className="text-sm text-fg-muted">{t('Please try again later')}</p>
            <Button variant="outline" onClick={() => void me.refetch()}>
              {t('Try again')}
            </Button>
          </div>
        ) : (
          <>
            <AccountDetailsPanel user={me.data} />
            <ContactInfoPanel user={me.data} />
            {billingEnabled && isFamilyMember && <FamilyPlanPanel />}
            <PasswordPanel />
            {billingEnabled && family && (
              <FamilyMembersPanel user={me.data} subscriptionId={family.id} />
            )}
            <TwoFactorPanel
              user={me.data}
              withConfirmedPassword={confirmation.withConfirmedPassword}
              isCheckingPassword={confirmation.isChecking}
            />
            <SessionsPanel />
            <LocationLanguagePanel user={me.data} />
            <NormaliseVolumePanel />
            <MusicAppsPanel />
            <ScrobblingPanel />
            {apiIntegrated && canUseApi && <DevelopersPanel />}
            <SocialLoginPanel />
            <DeleteAccountPanel
              user={me.data}
              withConfirmedPassword={confirmation.withConfirmedPassword}
            />
          </>
        )}
      </div>
      {confirmation.dialog}
    </div>
  );
}
