import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LastFmCall {
  method: string;
  /** The user whose session key signed it. */
  user: string;
  params: Record<string, string>;
}

export interface LastFmStandin {
  /** The API root, for `LASTFM_API_URL`. */
  apiUrl: string;
  /** The sign-in page, for `LASTFM_AUTH_URL`. */
  authUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Calls of `track.updateNowPlaying` and `track.scrobble` that were taken, in order. */
  received: LastFmCall[];
  /** Calls refused for a wrong or missing `api_sig`. */
  badSignatures(): number;
  /** Who signs in on the sign-in page (as if they were signed in to Last.fm and said yes). */
  signInAs(user: string): void;
  /** Every session of `user` stops working, as when they revoke the app on Last.fm. */
  revokeSessions(user: string): void;
  /** The next `count` scrobbling calls fail with error 16, a temporary error. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/**
 * A local server speaking Last.fm's API 2.0 for the calls the app makes: the web sign-in page
 * (`/api/auth/?api_key&cb`, back to `cb` with `token`), `auth.getSession`,
 * `track.updateNowPlaying` and `track.scrobble`, each checked for its API key and its `api_sig`
 * as Last.fm checks them, answering in JSON (`format=json`) with Last.fm's error codes.
 */
export async function startLastFmStandin(): Promise<LastFmStandin> {
  const apiKey = crypto.randomBytes(16).toString('hex');
  const apiSecret = crypto.randomBytes(16).toString('hex');
  /** Tokens handed out by the sign-in page, and who they were handed to. */
  const tokens = new Map<string, string>();
  const sessions = new Map<string, string>();
  const received: LastFmCall[] = [];
  let signingIn = 'listener';
  let failing = 0;
  let badSignatures = 0;

  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: http.ServerResponse, status: number, code: number, message: string) =>
    answer(response, status, { error: code, message });

  function call(params: Record<string, string>, response: http.ServerResponse) {
    if (params.api_key !== apiKey) {
      error(response, 403, 10, 'Invalid API key - You must be granted a valid key by last.fm');
      return;
    }
    const signed = Object.keys(params)
      .filter((name) => !['format', 'callback', 'api_sig'].includes(name))
      .sort()
      .map((name) => `${name}${params[name]}`)
      .join('');
    if (params.api_sig !== md5(signed + apiSecret)) {
      badSignatures++;
      error(response, 403, 13, 'Invalid method signature supplied');
      return;
    }
    if (params.method === 'auth.getSession') {
      const user = tokens.get(params.token ?? '');
      if (!user) {
        error(response, 403, 14, 'Unauthorized Token - This token has not been authorized');
        return;
      }
      tokens.delete(params.token!);
      const key = crypto.randomBytes(16).toString('hex');
      sessions.set(key, user);
      answer(response, 200, { session: { name: user, key, subscriber: 0 } });
      return;
    }
    if (params.method !== 'track.updateNowPlaying' && params.method !== 'track.scrobble') {
      error(response, 400, 3, 'Invalid Method - No method with that name in this package');
      return;
    }
    const user = sessions.get(params.sk ?? '');
    if (!user) {
      error(response, 403, 9, 'Invalid session key - Please re-authenticate');
      return;
    }
    const required =
      params.method === 'track.scrobble' ? ['artist', 'track', 'timestamp'] : ['artist', 'track'];
    if (required.some((name) => !params[name])) {
      error(response, 400, 6, 'Invalid parameters - Your request is missing a required parameter');
      return;
    }
    if (failing > 0) {
      failing--;
      error(response, 500, 16, 'There was a temporary error processing your request.');
      return;
    }
    received.push({ method: params.method, user, params });
    const track = { '#text': params.track, corrected: '0' };
    answer(
      response,
      200,
      params.method === 'track.scrobble'
        ? { scrobbles: { '@attr': { accepted: 1, ignored: 0 }, scrobble: { track } } }
        : { nowplaying: { track } },
    );
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://lastfm');
      if (request.method === 'GET' && url.pathname === '/api/auth/') {
        const callback = url.searchParams.get('cb');
        if (url.searchParams.get('api_key') !== apiKey || !callback) {
          response.writeHead(400, { 'content-type': 'text/plain' });
          response.end('Invalid API key');
          return;
        }
        const token = crypto.randomBytes(16).toString('hex');
        tokens.set(token, signingIn);
        const back = new URL(callback);
        back.searchParams.set('token', token);
        response.writeHead(302, { location: back.toString() });
        response.end();
        return;
      }
      if (url.pathname === '/2.0/') {
        const params = Object.fromEntries(
          request.method === 'POST'
            ? new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
            : url.searchParams,
        );
        call(params, response);
        return;
      }
      error(response, 404, 3, 'Invalid Method');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}`;

  return {
    apiUrl: `${root}/2.0/`,
    authUrl: `${root}/api/auth/`,
    apiKey,
    apiSecret,
    received,
    badSignatures: () => badSignatures,
    signInAs: (user) => {
      signingIn = user;
    },
    revokeSessions: (user) => {
      for (const [key, owner] of sessions) if (owner === user) sessions.delete(key);
    },
    failNext: (count) => {
      failing = count;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
