import autocannon from 'autocannon';
import type { Answer } from './fault-traffic.js';

/** What one connection remembers between its requests, for one round of them. */
export type Round = Record<string, unknown>;

/** One kind of request of the mix; each connection sends every kind in turn, round after round. */
export interface LoadRequest {
  kind: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string | ((round: Round) => string);
  headers?: Record<string, string>;
  json?: (round: Round) => unknown;
  /** Sees every answer of this kind, with the body, to keep what the round's next request needs. */
  answered?: (status: number, body: string, round: Round) => void;
}

/** The connections and their length; the client's timeout is a browser's patience. */
export interface LoadSize {
  connections: number;
  seconds: number;
  timeoutSeconds?: number;
}

/**
 * Many connections at once (autocannon's), each sending the mix of `requests` one after another
 * for `size.seconds`; every answer is kept with when it was asked and how it was answered, to be
 * judged per window as the fault suite's own traffic is. `now` is the clock the windows use.
 */
export function mixedLoad(
  url: string,
  requests: LoadRequest[],
  size: LoadSize,
  now: () => number,
): { answers: Answer[]; done: Promise<void> } {
  const answers: Answer[] = [];
  const timeoutSeconds = size.timeoutSeconds ?? 10;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const instance = autocannon(
    {
      url,
      connections: size.connections,
      duration: size.seconds,
      timeout: timeoutSeconds,
      requests: requests.map((request) => ({
        method: request.method ?? 'GET',
        setupRequest: (sent, context) => {
          const round = context as Round;
          round[`${request.kind}:asked`] = now();
          const headers = { ...request.headers };
          if (request.json) headers['content-type'] = 'application/json';
          return {
            ...sent,
            path: typeof request.path === 'string' ? request.path : request.path(round),
            headers,
            body: request.json ? JSON.stringify(request.json(round)) : undefined,
          };
        },
        onResponse: (status, body, context, headers) => {
          const round = context as Round;
          const at = round[`${request.kind}:asked`] as number;
          const retryAfter = headers?.['retry-after'];
          answers.push({
            kind: request.kind,
            at,
            ms: now() - at,
            status,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
          });
          request.answered?.(status, body, round);
        },
      })),
    },
    () => finish(),
  );
  // A request given up (the client's timeout) or a connection refused: no answer at all.
  instance.on('reqError', (error: Error) => {
    // A timeout was asked the client's patience ago; a refused connection, just now.
    const waited = error.message.includes('timed out') ? timeoutSeconds * 1000 : 0;
    answers.push({
      kind: 'no answer',
      at: now() - waited,
      ms: waited,
      status: 0,
      retryAfter: undefined,
    });
  });
  return { answers, done };
}
