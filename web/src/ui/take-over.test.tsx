import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  beginTakeOver,
  endTakeOver,
  isTakingOver,
  TakeOverEnd,
  useBrowserValue,
} from './take-over';

/** A value of this browser's, with who is told when it changes. */
function browserValue(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    read: () => value,
    set(next: string) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function Shows({ value, seen }: { value: ReturnType<typeof browserValue>; seen: string[] }) {
  const shown = useBrowserValue(value.read, 'as drawn', value.subscribe);
  seen.push(shown);
  return <p>{shown}</p>;
}

afterEach(endTakeOver);

describe('a value only the browser knows', () => {
  it('is the browser’s from the first render of a page the browser draws', async () => {
    const value = browserValue('phone');
    const seen: string[] = [];
    render(<Shows value={value} seen={seen} />);
    expect(await screen.findByText('phone')).toBeTruthy();
    expect(seen).not.toContain('as drawn');
  });

  it('is the server’s while a drawn page is taken over, then the browser’s', async () => {
    const value = browserValue('phone');
    const seen: string[] = [];
    beginTakeOver();
    render(
      <>
        <Shows value={value} seen={seen} />
        <TakeOverEnd />
      </>,
    );
    expect(await screen.findByText('phone')).toBeTruthy();
    expect(seen[0]).toBe('as drawn');
    expect(isTakingOver()).toBe(false);
  });

  it('follows the browser’s changes', async () => {
    const value = browserValue('phone');
    render(<Shows value={value} seen={[]} />);
    act(() => value.set('desktop'));
    expect(await screen.findByText('desktop')).toBeTruthy();
  });
});
