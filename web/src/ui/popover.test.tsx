import './test-utils';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoverPopover, Popover, PopoverClose } from './popover';

afterEach(() => vi.useRealTimers());

describe('Popover', () => {
  it('opens from its trigger, moves focus in, and returns focus on Escape', async () => {
    render(
      <Popover trigger={<button type="button">Share</button>} aria-label="Share options">
        <button type="button">Copy link</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Share' });
    await userEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Share options' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy link' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('limits list popovers to 420 px and lets them scroll', async () => {
    render(
      <Popover trigger={<button type="button">Sort</button>} variant="list" aria-label="Sort">
        <button type="button">Newest</button>
      </Popover>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort' }));
    const content = screen.getByRole('dialog', { name: 'Sort' });
    expect(content.className).toContain('max-h-[min(420px');
    expect(content.className).toContain('overflow-y-auto');
  });

  it('closes through PopoverClose', async () => {
    render(
      <Popover trigger={<button type="button">Open</button>} aria-label="Panel">
        <PopoverClose>
          <button type="button">Done</button>
        </PopoverClose>
      </Popover>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('HoverPopover', () => {
  it('closes 150 ms after the pointer leaves', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <HoverPopover trigger={<a href="/artist/1">Artist</a>} openDelay={100}>
        Artist preview
      </HoverPopover>,
    );
    const trigger = screen.getByRole('link', { name: 'Artist' });
    await user.hover(trigger);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('Artist preview')).toBeTruthy();
    await user.unhover(trigger);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.queryByText('Artist preview')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Artist preview')).toBeNull();
  });
});
