import crypto from 'node:crypto';
import type { PubSub, Unsubscribe } from './pubsub.js';

/**
 * Tells every instance of the app that a kind of data changed, so each drops what it keeps of it
 * (settings, themes, the pages made from them). The kinds are the database's change counts
 * (`db/data-versions.ts`). Two ways carry the news, one per deployment:
 *
 * - with Redis (`pubSubChangeFeed`), the instance that made the change says so on a channel every
 *   instance listens to: the others drop within a round trip of Redis;
 * - without it (`pollingChangeFeed`), the triggers that count each change in the database are the
 *   news: every instance reads the counts twice a second and drops what it keeps of a kind whose
 *   count moved, whatever made the change (another instance, the command line, a hand edit).
 *
 * Either way, the instance that made the change has dropped its own once `changed` resolves.
 */
export interface ChangeFeed<K extends string> {
  /** Drops what this instance keeps of `kind`, and tells the others to: after the change is made. */
  changed(kind: K): Promise<void>;
  /** Calls `drop` each time one of `kinds` changes, here or on any other instance. */
  onChange(kinds: K | readonly K[], drop: () => void): Unsubscribe;
  /**
   * Begins to hear of changes made elsewhere: called once the app's own start-up writes
   * (migrations, seeding) are done, so that they are not news to it.
   */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** How often the counts are read without Redis: a change shows everywhere within this. */
export const CHANGES_POLLED_EVERY_MS = 500;

/** The handlers of each kind, and running them. */
class Listeners<K extends string> {
  private readonly byKind = new Map<K, Set<() => void>>();

  add(kinds: K | readonly K[], drop: () => void): Unsubscribe {
    const list = (typeof kinds === 'string' ? [kinds] : kinds) as readonly K[];
    for (const kind of list) {
      let set = this.byKind.get(kind);
      if (!set) this.byKind.set(kind, (set = new Set()));
      set.add(drop);
    }
    return () => {
      for (const kind of list) this.byKind.get(kind)?.delete(drop);
    };
  }

  run(kind: K): void {
    for (const drop of this.byKind.get(kind) ?? []) drop();
  }

  runAll(): void {
    for (const kind of this.byKind.keys()) this.run(kind);
  }

  clear(): void {
    this.byKind.clear();
  }
}

const CHANNEL = 'data-changed';

/**
 * Changes told through pub/sub (Redis when several instances share `REDIS_URL`). A message lost
 * while the connection to Redis was down cannot be heard again, so once it is back every kind is
 * dropped.
 */
export function pubSubChangeFeed<K extends string>(pubsub: PubSub): ChangeFeed<K> {
  const listeners = new Listeners<K>();
  const self = crypto.randomUUID();
  const unsubscribe = pubsub.subscribe(CHANNEL, (message) => {
    const { kind, from } = message as { kind: K; from: string };
    if (from !== self) listeners.run(kind);
  });
  const unwatch = pubsub.onReconnect?.(() => listeners.runAll());
  return {
    async changed(kind) {
      listeners.run(kind);
      pubsub.publish(CHANNEL, { kind, from: self }).catch(() => {
        // Redis is down: the others drop everything when it is back (see above).
      });
    },
    onChange: (kinds, drop) => listeners.add(kinds, drop),
    // Subscribed from the start: a change another instance makes meanwhile is news already.
    start: async () => undefined,
    async close() {
      unsubscribe();
      unwatch?.();
      listeners.clear();
    },
  };
}

/**
 * Changes read from the database's counts every `everyMs`: `readCounts` answers each kind's count
 * (one small statement). A kind whose count moved since the last read is dropped.
 */
export function pollingChangeFeed<K extends string>(
  readCounts: () => Promise<ReadonlyMap<K, string>>,
  everyMs = CHANGES_POLLED_EVERY_MS,
): ChangeFeed<K> {
  const listeners = new Listeners<K>();
  let last: ReadonlyMap<K, string> | undefined;
  let reading = false;
  // Moves with each change made here: a read begun before it may hold counts older than those
  // the change read, and is let go.
  let ownChanges = 0;
  function read(): void {
    // A slow database is not asked again before it answers.
    if (reading) return;
    reading = true;
    const begun = ownChanges;
    readCounts()
      .then((counts) => {
        if (begun !== ownChanges) return;
        // What was kept before the first counts were read may be older than they are.
        if (!last) listeners.runAll();
        else for (const [kind, count] of counts) if (last.get(kind) !== count) listeners.run(kind);
        last = counts;
      })
      // An unreachable database is read again at the next tick; what moved meanwhile shows then.
      .catch(() => undefined)
      .finally(() => {
        reading = false;
      });
  }
  let timer: NodeJS.Timeout | undefined;
  return {
    async changed(kind) {
      ownChanges++;
      // The count is read before the drop: what is kept again after it is at least as new as the
      // count, so the next reads see only the changes made after it (here or elsewhere), and not
      // this one a second time.
      const counts = await readCounts().catch(() => undefined);
      listeners.run(kind);
      const count = counts?.get(kind);
      if (last && count !== undefined) last = new Map(last).set(kind, count);
    },
    onChange: (kinds, drop) => listeners.add(kinds, drop),
    async start() {
      // The counts as the app starts answering: what it keeps from now on is measured by them
      // (an unreachable database leaves none, and the first counts read later drop everything).
      last = await readCounts().catch(() => undefined);
      timer = setInterval(read, everyMs);
      // The feed does not keep a process alive on its own.
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      listeners.clear();
    },
  };
}
