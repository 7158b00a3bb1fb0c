import './test-utils';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** user-event's own clipboard stub reads blobs on timers, which never fire under fake timers. */
function setup() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return { user, writeText };
}

/** The clipboard promise settles after the click's act() scope; let React apply its update. */
const flush = () => act(async () => {});

describe('CopyButton', () => {
  it('copies the value and confirms for 1 s', async () => {
    const { user, writeText } = setup();
    const onCopied = vi.fn();
    render(<CopyButton value="https://cadenza.test/s/abc" onCopied={onCopied} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith('https://cadenza.test/s/abc');
    expect(onCopied).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('names an icon-only button by its label', async () => {
    const { user } = setup();
    render(<CopyButton value="token" label="Copy token" iconOnly />);
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    await flush();
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('does not confirm when the clipboard refuses', async () => {
    const { user, writeText } = setup();
    writeText.mockRejectedValue(new Error('denied'));
    const onCopied = vi.fn();
    render(<CopyButton value="x" onCopied={onCopied} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await flush();
    expect(onCopied).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
