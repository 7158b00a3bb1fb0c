import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { readCookie, writeCookie } from '../../api/cookies';
import { useSetting } from '../../api/bootstrap';
import { useBrowserValue } from '../../ui/take-over';
import { Button } from '../../ui/button';
import { MenuLink } from './menu-link';

/** Cookie that remembers the notice was accepted; it lasts 30 days (spec section 9). */
export const COOKIE_NOTICE_COOKIE = 'cookie_notice_accepted';
export const COOKIE_NOTICE_MAX_AGE = 30 * 24 * 60 * 60;

const hasAccepted = () => readCookie(COOKIE_NOTICE_COOKIE) === '1';

/**
 * The cookie notice bar (setting `cookie_notice.*`): a short text, an optional link button and
 * 'OK', which hides it and remembers that for 30 days.
 *
 * `endOfPage`: the notice is the last thing on a page of its own flow (the landing page): at the
 * bottom it then keeps to the viewport's foot while the page scrolls, and takes its own place
 * after the page's end, so it never covers the footer's controls.
 */
export function CookieNotice({ endOfPage = false }: { endOfPage?: boolean }) {
  const { t } = useTranslation();
  const enabled = useSetting('cookie_notice.enable') === true;
  const position = useSetting('cookie_notice.position') === 'top' ? 'top' : 'bottom';
  const button = useSetting('cookie_notice.button');
  // A page drawn on the server is every guest's, so it is drawn with the notice (its OK works
  // before the app does); for a visitor who accepted it already, the page's first script hides
  // it before the first paint (index.html), and the browser's first render leaves it out.
  // The answer changes only by this notice's own button, which re-renders it.
  const acceptedBefore = useBrowserValue(hasAccepted, false);
  const [accepted, setAccepted] = useState(false);

  if (!enabled || acceptedBefore || accepted) return null;

  const accept = () => {
    writeCookie(COOKIE_NOTICE_COOKIE, '1', COOKIE_NOTICE_MAX_AGE);
    setAccepted(true);
  };
  const isRoute = button?.action.startsWith('/') ?? false;

  return (
    <section
      role="region"
      aria-label={t('Cookie notice')}
      data-position={position}
      data-cookie-notice=""
      // At the bottom it sits above the player bar, which sets --floating-bottom-offset.
      className={clsx(
        'inset-x-0 z-40 flex justify-center p-3 sm:p-4',
        position === 'top'
          ? 'fixed top-0 animate-slide-down'
          : [
              endOfPage ? 'sticky' : 'fixed',
              'bottom-[var(--floating-bottom-offset,0px)] animate-slide-up',
            ],
      )}
    >
      <div className="flex w-full max-w-[1280px] flex-col gap-3 rounded-lg border border-border bg-bg-elevated px-4 py-3 text-fg shadow-overlay sm:flex-row sm:items-center sm:gap-6 sm:px-6">
        <p className="flex-1 text-sm text-fg-muted">
          {t(
            'We use cookies to keep you signed in, remember your preferences and understand how the site is used.',
          )}
        </p>
        <div className="flex shrink-0 items-center justify-end gap-2">
          {button?.label && button.action && (
            <Button asChild variant="text" size="sm">
              <MenuLink
                item={{
                  action: button.action,
                  type: isRoute ? 'route' : 'link',
                  target: isRoute ? undefined : '_blank',
                }}
              >
                {t(button.label)}
              </MenuLink>
            </Button>
          )}
          <Button
            size="sm"
            className="min-w-20"
            onClick={accept}
            // Answered by the page's own script until the app takes over (index.html).
            data-early-action="accept-cookies"
          >
            {t('OK')}
          </Button>
        </div>
      </div>
    </section>
  );
}
