import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.js';

/** A call that settles when the test says, recording which items have started. */
function controlled() {
  const started: number[] = [];
  const settle = new Map<
    number,
    { resolve: (value: string) => void; reject: (e: Error) => void }
  >();
  const call = (item: number) =>
    new Promise<string>((resolve, reject) => {
      started.push(item);
      settle.set(item, { resolve, reject });
    });
  return { started, settle, call };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('readAhead', () => {
  it('yields results in the order of the items, whatever order the calls end in', async () => {
    const delays = [30, 5, 20, 1, 10];
    const results: string[] = [];
    for await (const [item, result] of readAhead(delays, 3, async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return `waited ${ms}`;
    })) {
      results.push(`${item}: ${result}`);
    }
    expect(results).toEqual(delays.map((ms) => `${ms}: waited ${ms}`));
  });

  it('keeps at most `width` calls in flight, starting the next as each is handled', async () => {
    const { started, settle, call } = controlled();
    const iterator = readAhead([1, 2, 3, 4, 5], 2, call);
    const first = iterator.next();
    await turn();
    expect(started).toEqual([1, 2]);
    settle.get(2)!.resolve('two');
    await turn();
    expect(started).toEqual([1, 2]);
    settle.get(1)!.resolve('one');
    expect((await first).value).toEqual([1, 'one']);
    const second = iterator.next();
    await turn();
    expect(started).toEqual([1, 2, 3]);
    expect((await second).value).toEqual([2, 'two']);
  });

  it('throws a failed call at its turn, after the results before it', async () => {
    const { settle, call } = controlled();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const [item] of readAhead([1, 2, 3], 3, call)) seen.push(item);
    })();
    await turn();
    // The third fails first; nothing is thrown until the two before it are handled.
    settle.get(3)!.reject(new Error('unreadable'));
    await turn();
    settle.get(1)!.resolve('one');
    settle.get(2)!.resolve('two');
    await expect(reading).rejects.toThrow('unreadable');
    expect(seen).toEqual([1, 2]);
  });

  it('yields nothing for no items', async () => {
    const { started, call } = controlled();
    for await (const _ of readAhead([], 4, call)) expect.unreachable();
    expect(started).toEqual([]);
  });
});
