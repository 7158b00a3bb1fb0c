import { PERMISSIONS } from '@cadenza/contracts/permissions';
import { Navigate } from 'react-router';
import { canAccess } from '../../app/access';
import { useBootstrap, useSetting } from '../../app/bootstrap';
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
  if (type === 'channel' && value) {
    // A channel lives in the web player, where its music can play without leaving the page.
    return <Navigate to={`/channel/${encodeURIComponent(value)}`} replace />;
  }
  return <LandingPage />;
}
