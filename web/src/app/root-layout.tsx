import { ScrollRestoration } from 'react-router';
import { useNotificationStream } from '../features/notifications/live/use-notification-stream';
import { GlobalOverlays } from '../features/shell/global-overlays';
import { ImpersonationBanner } from '../features/shell/impersonation-banner';
import { RequireVerifiedEmail } from './guards';

/** The shell around every screen. */
export function RootLayout() {
  useNotificationStream();
  return (
    <>
      <ImpersonationBanner />
      <RequireVerifiedEmail />
      <ScrollRestoration />
      <GlobalOverlays />
    </>
  );
}

/** Shown while the first screen's code arrives; usually too brief to notice. */
export function RootLoadingFallback() {
  return <div className="min-h-screen bg-bg" aria-busy="true" />;
}
