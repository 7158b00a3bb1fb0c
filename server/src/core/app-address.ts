import type { IncomingMessage, ServerResponse } from 'node:http';

/** Distinct other addresses warned about; a proxy's own may show here too, so keep it small. */
const WARNED_AT_MOST = 20;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Keeps browsers on the address `APP_URL` names. Cookies belong to a host name, so a browser on
 * `http://127.0.0.1:3000` has no session at the `http://localhost:3000` that e-mails, checkout
 * returns and social sign-in send it back to: it lands signed out. Page visits made at another
 * name of this machine (localhost, 127.0.0.1, ::1, same port) are sent to `APP_URL`; any other
 * address is reported once, loudly, as it cannot be told from a proxy's.
 *
 * Answers whether it answered the request itself.
 */
export function appAddress(
  appUrl: string,
  warn: (message: string) => void,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const app = new URL(appUrl);
  const warned = new Set<string>();
  return (request, response) => {
    const host = request.headers.host;
    if (!host || host === app.host) return false;
    const isPageVisit =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers['sec-fetch-mode'] === 'navigate' ||
        (request.headers.accept ?? '').includes('text/html'));
    if (!isPageVisit) return false;
    if (LOOPBACK.has(app.hostname) && isLoopbackAlias(host, app)) {
      response.writeHead(308, { location: `${app.origin}${request.url ?? '/'}` });
      response.end();
      return true;
    }
    if (warned.size < WARNED_AT_MOST && !warned.has(host)) {
      warned.add(host);
      warn(
        `Cadenza was opened at ${host}, but APP_URL is ${app.origin}: links in e-mails and ` +
          'returns from checkout and social sign-in go to APP_URL, where a browser on the other ' +
          'address is signed out. Open APP_URL, or set APP_URL to the address people use.',
      );
    }
    return false;
  };
}

function isLoopbackAlias(host: string, app: URL): boolean {
  let asked: URL;
  try {
    asked = new URL(`${app.protocol}//${host}`);
  } catch {
    return false;
  }
  return LOOPBACK.has(asked.hostname) && asked.port === app.port;
}
