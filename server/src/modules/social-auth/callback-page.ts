import type { SocialResult } from '@cadenza/contracts/social-auth';
import { escapeHtml, scriptSafeJson } from '../../core/html.js';

// The pages' scripts never change (their data travels in a JSON block), so the
// Content-Security-Policy allows them by hash: see `SOCIAL_PAGE_SCRIPTS`.
const CALLBACK_SCRIPT = `
      (function () {
        var data = JSON.parse(document.getElementById('social-result').textContent);
        if (window.opener) window.opener.postMessage(data.result, data.origin);
      })();
    `;
const RELAY_SCRIPT = `document.forms[0].submit();`;

/** The inline scripts of the social login pages, for the Content-Security-Policy. */
export const SOCIAL_PAGE_SCRIPTS = [CALLBACK_SCRIPT, RELAY_SCRIPT];

/**
 * The page the popup ends on: it hands the result to the window that opened it, addressed to
 * the app's own origin only, and that window closes it once the result is in. (Closing itself
 * raced the opener's closed-popup poll: a busy browser could see the popup closed before the
 * message arrived, and drop a successful sign-in.) Opened on its own, it offers a way back.
 */
export function callbackPage(result: SocialResult, origin: string, siteName: string): string {
  return `${head(siteName)}
  <body>
    <p>You can close this window. <a href="/">Continue</a></p>
    <script type="application/json" id="social-result">${scriptSafeJson({ result, origin })}</script>
    <script>${CALLBACK_SCRIPT}</script>
  </body>
</html>
`;
}

/**
 * A service that answers with a cross-site form post (Apple) reaches the callback without the
 * visitor's cookies, which are SameSite=Lax. This page carries the answer on to the callback as
 * a top-level GET from the app's own origin, which does carry them, so the flow is checked
 * against the session that started it.
 */
export function formPostRelayPage(
  action: string,
  fields: Record<string, string | undefined>,
  siteName: string,
): string {
  const inputs = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}" />`,
    )
    .join('\n      ');
  return `${head(siteName)}
  <body>
    <form method="get" action="${escapeHtml(action)}">
      ${inputs}
      <noscript><button type="submit">Continue</button></noscript>
    </form>
    <script>${RELAY_SCRIPT}</script>
  </body>
</html>
`;
}

function head(siteName: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>${escapeHtml(siteName)}</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; display: grid; place-items: center;
        min-height: 100vh; margin: 0; background: #121212; color: #f5f5f5; }
      a, button { color: inherit; font: inherit; }
    </style>
  </head>`;
}
