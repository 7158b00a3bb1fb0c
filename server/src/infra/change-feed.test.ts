import { describe, expect, it } from 'vitest';
import { pollingChangeFeed, pubSubChangeFeed, type ChangeFeed } from './change-feed.js';
import { KeptUntilChanged } from './kept-until-changed.js';
import { memoryPubSub } from './pubsub.js';

type Kind = 'site' | 'access';

/** Resolves the next time one of `kinds` is dropped. */
const nextDrop = (feed: ChangeFeed<Kind>, kinds: Kind | Kind[]) =>
  new Promise<void>((resolve) => {
    const stop = feed.onChange(kinds, () => {
      stop();
      resolve();
    });
  });

describe('the change feed read from the counts', () => {
  it('drops what is kept of a kind whose count moved, and of no other', async () => {
    const counts = new Map<Kind, string>([
      ['site', '1'],
      ['access', '1'],
    ]);
    let reads = 0;
    const feed = pollingChangeFeed<Kind>(async () => {
      reads++;
      return new Map(counts);
    }, 5);
    const dropped: Kind[] = [];
    feed.onChange('site', () => dropped.push('site'));
    feed.onChange('access', () => dropped.push('access'));
    // The counts as the app starts are no news.
    await feed.start();
    expect(reads).toBe(1);
    expect(dropped).toEqual([]);

    counts.set('access', '2');
    await nextDrop(feed, 'access');
    const readsThen = reads;
    expect(dropped).toEqual(['access']);
    // Counts that stay put drop nothing however often they are read.
    while (reads < readsThen + 3) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(dropped).toEqual(['access']);
    await feed.close();
  });

  it('drops a change made here once, not again when the counts are next read', async () => {
    const counts = new Map<Kind, string>([['site', '1']]);
    let reads = 0;
    const feed = pollingChangeFeed<Kind>(async () => {
      reads++;
      return new Map(counts);
    }, 5);
    const dropped: Kind[] = [];
    feed.onChange('site', () => dropped.push('site'));
    await feed.start();
    counts.set('site', '2');
    await feed.changed('site');
    expect(dropped).toEqual(['site']);
    const readsThen = reads;
    while (reads < readsThen + 3) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(dropped).toEqual(['site']);
    await feed.close();
  });

  it('drops everything once the database answers, when it did not as the app started', async () => {
    let up = false;
    const feed = pollingChangeFeed<Kind>(async () => {
      if (!up) throw new Error('the database is away');
      return new Map<Kind, string>([['site', '1']]);
    }, 5);
    const dropped: Kind[] = [];
    feed.onChange('site', () => dropped.push('site'));
    await feed.start();
    up = true;
    // What was kept before the first counts were read may be older than they are.
    await nextDrop(feed, 'site');
    expect(dropped).toEqual(['site']);
    await feed.close();
  });
});

describe('the change feed through pub/sub', () => {
  it('drops the writer’s own at once and every other instance’s once', async () => {
    const pubsub = memoryPubSub();
    const a = pubSubChangeFeed<Kind>(pubsub);
    const b = pubSubChangeFeed<Kind>(pubsub);
    const heard = { a: 0, b: 0 };
    a.onChange('site', () => heard.a++);
    b.onChange(['site', 'access'], () => heard.b++);
    a.changed('site');
    expect(heard.a).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual({ a: 1, b: 1 });
    await Promise.all([a.close(), b.close(), pubsub.close()]);
  });
});

describe('a value kept until it changes', () => {
  it('is read once, then again after a change, and a read the change overtook is not kept', async () => {
    const feed = pubSubChangeFeed<Kind>(memoryPubSub());
    let stored = 'old';
    let release: () => void = () => {};
    let reads = 0;
    const kept = new KeptUntilChanged(
      async () => {
        reads++;
        const value = stored;
        await new Promise<void>((resolve) => (release = resolve));
        return value;
      },
      feed,
      'site',
    );
    const first = kept.get();
    // A change lands while the first read is under way: its value may be the old one.
    stored = 'new';
    feed.changed('site');
    release();
    expect(await first).toBe('old');
    const second = kept.get();
    release();
    expect(await second).toBe('new');
    expect(await kept.get()).toBe('new');
    expect(reads).toBe(2);
    await feed.close();
  });
});
