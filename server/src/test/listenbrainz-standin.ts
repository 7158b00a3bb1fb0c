import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedListen {
  user: string;
  listenType: 'single' | 'playing_now';
  listenedAt: number | null;
  artist: string;
  track: string;
  release: string | null;
  durationMs: number | null;
  recordingMbid: string | null;
}

export interface ListenBrainzStandin {
  url: string;
  /** Listens taken (`single`) and tracks said to be playing (`playing_now`), in order. */
  received: ReceivedListen[];
  /** A user token ListenBrainz knows, for `user`. */
  addToken(token: string, user: string): void;
  /** The token stops working, as when the user resets it on ListenBrainz. */
  revokeToken(token: string): void;
  /** The next `count` submissions answer 503, as a service in trouble does. */
  failNext(count: number): void;
  /** Submissions tried, failed ones included. */
  submissions(): number;
  close(): Promise<void>;
}

const send = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/**
 * A local server speaking ListenBrainz's API for the calls the app makes: `GET /1/validate-token`
 * and `POST /1/submit-listens` (`Authorization: Token …`), with its answers and its checks of a
 * submission's shape.
 */
export async function startListenBrainzStandin(): Promise<ListenBrainzStandin> {
  const tokens = new Map<string, string>();
  const received: ReceivedListen[] = [];
  let failing = 0;
  let attempts = 0;

  const userOf = (request: http.IncomingMessage) => {
    const match = /^Token\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    return match ? (tokens.get(match[1]!) ?? null) : null;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://lb').pathname;
      if (request.method === 'GET' && path === '/1/validate-token') {
        const user = userOf(request);
        send(
          response,
          200,
          user
            ? { code: 200, message: 'Token valid.', valid: true, user_name: user }
            : { code: 200, message: 'Token invalid.', valid: false },
        );
        return;
      }
      if (request.method === 'POST' && path === '/1/submit-listens') {
        attempts++;
        const user = userOf(request);
        if (!user) {
          send(response, 401, { code: 401, error: 'Invalid authorization token.' });
          return;
        }
        if (failing > 0) {
          failing--;
          send(response, 503, { code: 503, error: 'The service is unavailable.' });
          return;
        }
        const problem = submissionProblem(Buffer.concat(chunks).toString('utf8'));
        if (typeof problem === 'string') {
          send(response, 400, { code: 400, error: problem });
          return;
        }
        received.push(...problem.map((listen) => ({ ...listen, user })));
        send(response, 200, { status: 'ok' });
        return;
      }
      send(response, 404, { code: 404, error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    addToken: (token, user) => void tokens.set(token, user),
    revokeToken: (token) => void tokens.delete(token),
    failNext: (count) => {
      failing = count;
    },
    submissions: () => attempts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The listens of a valid submission, or what ListenBrainz would say is wrong with it. */
function submissionProblem(text: string): Omit<ReceivedListen, 'user'>[] | string {
  let body: {
    listen_type?: string;
    payload?: {
      listened_at?: unknown;
      track_metadata?: {
        artist_name?: unknown;
        track_name?: unknown;
        release_name?: unknown;
        additional_info?: { duration_ms?: unknown };
      };
    }[];
  };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return 'Cannot parse JSON document.';
  }
  const type = body.listen_type;
  if (type !== 'single' && type !== 'playing_now') return 'JSON document must contain listen_type';
  if (!Array.isArray(body.payload) || body.payload.length !== 1) {
    return 'JSON document must contain exactly one listen for this listen_type';
  }
  try {
    return listens(type, body.payload);
  } catch (error) {
    return (error as Error).message;
  }
}

function listens(
  type: 'single' | 'playing_now',
  payload: {
    listened_at?: unknown;
    track_metadata?: {
      artist_name?: unknown;
      track_name?: unknown;
      release_name?: unknown;
      additional_info?: { duration_ms?: unknown; recording_mbid?: unknown };
    };
  }[],
): Omit<ReceivedListen, 'user'>[] {
  return payload.map((listen) => {
    const meta = listen.track_metadata;
    if (typeof meta?.artist_name !== 'string' || typeof meta.track_name !== 'string') {
      throw new Error('JSON document does not contain required fields artist_name, track_name.');
    }
    if (type === 'single' && !Number.isInteger(listen.listened_at)) {
      throw new Error('JSON document must contain listened_at for a single listen.');
    }
    if (type === 'playing_now' && listen.listened_at !== undefined) {
      throw new Error('JSON document must not contain listened_at while submitting playing_now.');
    }
    const { duration_ms: duration, recording_mbid: mbid } = meta.additional_info ?? {};
    return {
      listenType: type,
      listenedAt: type === 'single' ? (listen.listened_at as number) : null,
      artist: meta.artist_name,
      track: meta.track_name,
      release: typeof meta.release_name === 'string' ? meta.release_name : null,
      durationMs: typeof duration === 'number' ? duration : null,
      recordingMbid: typeof mbid === 'string' ? mbid : null,
    };
  });
}
