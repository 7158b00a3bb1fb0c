import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TestClient } from '../../test/test-client.js';

export interface StreamEvent {
  event: string;
  id?: string;
  data: unknown;
}

/**
 * Opens a user's notification stream over real HTTP, as a browser's EventSource would, and
 * collects its events. The app must be listening.
 */
export async function openStream(
  app: FastifyInstance,
  client: TestClient,
  headers: Record<string, string> = {},
  search = '',
) {
  const { port } = app.server.address() as AddressInfo;
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/notifications/stream${search}`, {
    headers: { cookie, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [
                line.slice(0, line.indexOf(':')),
                line.slice(line.indexOf(':') + 1).trimStart(),
              ]),
          );
          if (fields.event) {
            events.push({
              event: fields.event,
              ...(fields.id ? { id: fields.id } : {}),
              data: JSON.parse(fields.data ?? 'null') as unknown,
            });
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();

  return {
    response,
    events,
    get ended() {
      return ended;
    },
    /** Waits until an event matches, for at most `ms` (one second by default). */
    async next(predicate: (event: StreamEvent) => boolean, ms = 1_000): Promise<StreamEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async waitForEnd(ms = 2_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!ended) {
        if (Date.now() > deadline) throw new Error('the stream did not end');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Lets the app listen on a port of its own (for streams and webhooks over HTTP). */
export async function listen(app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
}
