import type { Notification } from '@cadenza/contracts/notifications';
import { browserLocation } from '../../../app/browser-location';

/**
 * The plain text of a notification line, for the system notification that cannot show HTML.
 * A parsed document is inert (nothing in it loads or runs), so only the text of elements that
 * are not text (scripts, styles) has to go; no sanitizer is needed, nor loaded with every page.
 */
export function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('script, style, template')) element.remove();
  return body.textContent?.trim() ?? '';
}

/** Shows a notification through the browser, when the user allowed this site to. */
export function showBrowserNotification(notification: Notification): void {
  if (typeof window.Notification === 'undefined' || window.Notification.permission !== 'granted') {
    return;
  }
  const [first, ...rest] = notification.data.lines.map((line) => plainText(line.content));
  const shown = new window.Notification(first ?? '', {
    body: rest.join('\n'),
    tag: notification.id,
    icon: notification.data.image?.includes('/') ? notification.data.image : undefined,
  });
  const action = notification.data.mainAction?.action;
  shown.onclick = () => {
    window.focus();
    if (action) browserLocation.assign(action);
    shown.close();
  };
}

export type BrowserPermission = NotificationPermission | 'unsupported';

/** Asks for permission to show notifications; answers what the user (or their browser) decided. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (typeof window.Notification === 'undefined') return 'unsupported';
  if (window.Notification.permission !== 'default') return window.Notification.permission;
  return window.Notification.requestPermission();
}
