import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useBootstrap } from '../../api/bootstrap';
import { showError } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';
import { stopImpersonation } from './api/impersonation-api';
import { browserLocation } from '../../app/browser-location';

/**
 * The CSS variable holding the banner's height (0 without it): screens that fill the window, such
 * as the player, take it off their height so the banner pushes them down without cutting them.
 */
export const BANNER_HEIGHT_VAR = '--impersonation-banner-height';

/** While an admin is signed in as another user: who, and the way back. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { user, impersonator } = useBootstrap();
  const [isPending, setIsPending] = useState(false);
  const banner = useRef<HTMLDivElement>(null);
  const shown = Boolean(user && impersonator);

  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(BANNER_HEIGHT_VAR, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, [shown]);

  if (!user || !impersonator) return null;

  const stop = async () => {
    setIsPending(true);
    try {
      await stopImpersonation();
      // A full load: the admin's own bootstrap data, back where they started.
      browserLocation.assign('/admin/users');
    } catch (error) {
      setIsPending(false);
      showError(error, t);
    }
  };

  return (
    <div
      ref={banner}
      role="status"
      data-testid="impersonation-banner"
      // In the page's flow, above everything else: it pushes the screen down, never covers it.
      // Its colours are its own in every theme (amber, near-black text and outline), so its
      // text and button keep their contrast whatever the theme's warning colour is.
      className="relative z-40 flex flex-wrap items-center justify-center gap-3 bg-[#f5a524] px-4 py-2 text-sm font-medium text-[#0f0f12] [--bg-hover:rgb(15_15_18/0.12)] [--border:#0f0f12] [--fg:#0f0f12]"
    >
      <span>{t('You are signed in as {{name}}.', { name: user.display_name || user.email })}</span>
      <Button size="xs" variant="outline" isLoading={isPending} onClick={() => void stop()}>
        {t('Back to {{name}}', { name: impersonator.display_name })}
      </Button>
    </div>
  );
}
