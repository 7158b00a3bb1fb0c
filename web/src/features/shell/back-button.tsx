import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { IconButton } from '../../ui/button';
import { useIsMobile } from '../../ui/use-media-query';
import { usePlayerLayoutShown, usePlayerMaximized } from './player-maximized';

/** Paths with their own way back (spec section 2): the homepage, search, admin and /zy. */
export function hidesBackButton(pathname: string): boolean {
  return (
    pathname === '/' ||
    /^\/search(\/|$)/.test(pathname) ||
    /^\/admin(\/|$)/.test(pathname) ||
    pathname.startsWith('/zy/')
  );
}

/** History back, or the homepage on a first visit. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    // The router numbers its history entries; 0 means this app was opened on this page.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  };
}

/**
 * A floating back button on mobile screens. Screens with bars at the bottom lift it by setting
 * `--floating-bottom-offset`; the player's layout has its own in its header instead.
 */
export function BackButton() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const goBack = useGoBack();
  const playerMaximized = usePlayerMaximized();
  const playerLayoutShown = usePlayerLayoutShown();
  if (!isMobile || playerMaximized || playerLayoutShown || hidesBackButton(pathname)) return null;

  return (
    <IconButton
      label={t('Go back')}
      variant="outline"
      size="md"
      radius="full"
      onClick={goBack}
      className="fixed bottom-[calc(var(--floating-bottom-offset,0px)+max(16px,env(safe-area-inset-bottom)))] left-4 z-30 bg-bg-elevated/90 shadow-overlay backdrop-blur"
    >
      <ArrowLeft size={20} aria-hidden />
    </IconButton>
  );
}

/** The back button in a header's flow, where it covers nothing; on phones only. */
export function HeaderBackButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const goBack = useGoBack();
  if (!isMobile || hidesBackButton(pathname)) return null;
  return (
    <IconButton label={t('Go back')} size="sm" onClick={goBack} className={className}>
      <ArrowLeft size={20} aria-hidden />
    </IconButton>
  );
}
