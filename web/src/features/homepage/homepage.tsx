import { PERMISSIONS } from '@cadenza/contracts/permissions';
import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { canAccess } from '../../app/access';
import { useBootstrap, useSetting } from '../../app/bootstrap';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoginPage } from '../auth/login-page';
import { RegisterPage } from '../auth/register-page';
import { CustomPage } from '../custom-pages/custom-page';
import { ShellFrame } from '../shell/shell-layout';
import { LandingPage } from './landing/landing-page';

/** `/`: what the `homepage.type` setting asks for (spec section 2). */
export function Homepage() {
  const data = useBootstrap();
  const type = useSetting('homepage.type') ?? 'landing';
  const value = useSetting('homepage.value') ?? '';
  const registrationDisabled = useSetting('registration.disable') === true;

  if (type === 'login' || type === 'register') {
    // Members have nothing to do on a login form: the player is their home.
    if (data.user) {
      return canAccess(data, PERMISSIONS.musicView) ? (
        <Navigate to="/discover" replace />
      ) : (
        <LandingPage />
      );
    }
    return type === 'register' && !registrationDisabled ? <RegisterPage /> : <LoginPage />;
  }
  if (type === 'customPage' && value) {
    return (
      <ShellFrame>
        <CustomPage slug={value} />
      </ShellFrame>
    );
  }
  if (type === 'channel') {
    return (
      <ShellFrame>
        <ChannelPlaceholder />
      </ShellFrame>
    );
  }
  return <LandingPage />;
}

/** Until the music feature brings channels, a channel homepage points to the player. */
function ChannelPlaceholder() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex w-full max-w-[1280px] flex-1 items-center justify-center px-4 py-24">
      <EmptyState
        image={<Radio size={48} strokeWidth={1.5} />}
        message={t('This channel is on its way')}
        description={t('In the meantime, there is plenty to listen to in the player.')}
        action={
          <Button asChild radius="full">
            <Link to="/discover">{t('Open the player')}</Link>
          </Button>
        }
      />
    </main>
  );
}
