import { PERMISSIONS } from '@cadenza/contracts/permission-checks';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canAccess } from '../../app/access';
import { useBootstrap, useSetting } from '../../api/bootstrap';
import { RootLoadingFallback } from '../../app/root-layout';
import { LandingPage } from './landing/landing-page';

// The landing page ships with this screen; the other homepages load only on sites that use
// them, so a visitor's first page carries no form or rich-text code it does not show.
const LoginPage = lazy(() => import('../auth/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../auth/register-page').then((m) => ({ default: m.RegisterPage })),
);
const CustomPageHome = lazy(() =>
  import('./custom-page-home').then((m) => ({ default: m.CustomPageHome })),
);

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<RootLoadingFallback />}>{children}</Suspense>
);

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
    return (
      <Loading>
        {type === 'register' && !registrationDisabled ? <RegisterPage /> : <LoginPage />}
      </Loading>
    );
  }
  if (type === 'customPage' && value) {
    return (
      <Loading>
        <CustomPageHome slug={value} />
      </Loading>
    );
  }
  if (type === 'channel' && value) {
    // A channel lives in the web player, where its music can play without leaving the page.
    return <Navigate to={`/channel/${encodeURIComponent(value)}`} replace />;
  }
  return <LandingPage />;
}
