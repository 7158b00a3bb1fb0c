import {
  SOCIAL_MESSAGE_SOURCE,
  SOCIAL_POPUP_HEIGHT,
  SOCIAL_POPUP_WIDTH,
  type SocialResult,
} from '@cadenza/contracts/social-auth';

/** Spec section 9: a closed popup is noticed within a second. */
export const POPUP_POLL_MS = 1000;

export interface PopupHost {
  open: Window['open'];
  addEventListener: Window['addEventListener'];
  removeEventListener: Window['removeEventListener'];
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
  location: { origin: string };
}

/** The window features of a popup of 650 × 550 centred over the app's window. */
export function popupFeatures(
  host: Pick<PopupHost, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>,
) {
  const left = Math.max(0, Math.round(host.screenX + (host.outerWidth - SOCIAL_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(host.screenY + (host.outerHeight - SOCIAL_POPUP_HEIGHT) / 2));
  return `width=${SOCIAL_POPUP_WIDTH},height=${SOCIAL_POPUP_HEIGHT},left=${left},top=${top}`;
}

function isSocialResult(data: unknown): data is SocialResult {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === SOCIAL_MESSAGE_SOURCE &&
    typeof (data as { status?: unknown }).status === 'string'
  );
}

/**
 * Opens the social login popup and waits for its result: the message the callback page posts,
 * accepted only from the app's own origin, after which the popup is closed from here. Closing
 * the popup without a result (or a blocked popup) gives `null`, the spec's empty result.
 */
export function openSocialPopup(
  url: string,
  host: PopupHost = window,
): Promise<SocialResult | null> {
  return new Promise((resolve) => {
    const popup = host.open(url, 'cadenza-social-login', popupFeatures(host));
    if (!popup) {
      resolve(null);
      return;
    }
    const finish = (result: SocialResult | null) => {
      clearInterval(timer);
      host.removeEventListener('message', onMessage);
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== host.location.origin || !isSocialResult(event.data)) return;
      popup?.close();
      finish(event.data);
    }
    host.addEventListener('message', onMessage);
    const timer = setInterval(() => {
      if (popup.closed) finish(null);
    }, POPUP_POLL_MS);
    popup.focus?.();
  });
}
