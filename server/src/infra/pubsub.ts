import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type Unsubscribe = () => void;

/**
 * Messages to every instance of the app: in-process when one instance runs, through Redis
 * pub/sub when several share `REDIS_URL`. Channels are plain names; messages are JSON.
 */
export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): Unsubscribe;
  /** Calls `handler` each time the connection is back after a loss: messages sent meanwhile were missed. */
  onReconnect?(handler: () => void): Unsubscribe;
  close(): Promise<void>;
}

export function memoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  // One listener per open stream: thousands are expected, not a leak.
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, structuredClone(message));
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one connection publishes (the shared one), a second one listens, as Redis
 * requires. A channel is subscribed at Redis while at least one handler listens to it here.
 */
export function redisPubSub(redis: Redis, prefix = 'cadenza:'): PubSub {
  // Subscriptions asked while the connection is away wait for it, and the client subscribes
  // again to every channel when it is back.
  const listener = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  listener.on('error', () => {});
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const reconnected = new Set<() => void>();
  let connectedBefore = false;
  // 'ready' comes on the first connection and on each one made again after a loss.
  listener.on('ready', () => {
    if (connectedBefore) for (const handler of reconnected) handler();
    connectedBefore = true;
  });
  listener.on('message', (channel: string, payload: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    for (const handler of set) handler(message);
  });
  return {
    async publish(channel, message) {
      await redis.publish(prefix + channel, JSON.stringify(message));
    },
    subscribe(channel, handler) {
      const name = prefix + channel;
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        void listener.subscribe(name);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(name) === set) {
          handlers.delete(name);
          void listener.unsubscribe(name);
        }
      };
    },
    onReconnect(handler) {
      reconnected.add(handler);
      return () => reconnected.delete(handler);
    },
    async close() {
      handlers.clear();
      reconnected.clear();
      await listener.quit();
    },
  };
}
