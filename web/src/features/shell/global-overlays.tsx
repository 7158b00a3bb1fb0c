import { BackButton } from './back-button';
import { CookieNotice } from './cookie-notice';

/** What floats above every screen: the cookie notice and, on mobile, the back button. */
export function GlobalOverlays() {
  return (
    <>
      <BackButton />
      <CookieNotice />
    </>
  );
}
