import type { SocialResult } from '@cadenza/contracts/social-auth';
import { escapeHtml, scriptSafeJson } from '../../core/html.js';

/**
 * The page the popup ends on: it hands the result to the window that opened it, addressed to
 * the app's own origin only, and closes. Opened on its own, it offers a way back to the app.
 */
export function callbackPage(result: SocialResult, origin: string, siteName: string): string {
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
      a { color: inherit; }
    </style>
  </head>
  <body>
    <p>You can close this window. <a href="/">Continue</a></p>
    <script>
      (function () {
        var result = ${scriptSafeJson(result)};
        if (window.opener) {
          window.opener.postMessage(result, ${scriptSafeJson(origin)});
          window.close();
        }
      })();
    </script>
  </body>
</html>
`;
}
