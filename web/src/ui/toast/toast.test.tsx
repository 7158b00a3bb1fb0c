import '../test-utils';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogHeader } from '../dialog';
import { clearToasts, dismissToast, getToasts, toast, TOAST_EXIT_MS } from './toast-store';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const show = (fn: () => string) => {
  let id = '';
  act(() => {
    id = fn();
  });
  return id;
};
const toastElement = () => document.querySelector<HTMLElement>('[data-toast-id]');

describe('toast store', () => {
  it('generates a 6 character id, or uses the given one', () => {
    const generated = show(() => toast('Email sent'));
    expect(generated).toMatch(/^[a-zA-Z0-9]{6}$/);
    expect(show(() => toast('Token deleted', { id: 'token' }))).toBe('token');
  });

  it('defaults to a neutral toast at the bottom centre', () => {
    show(() => toast('Updated preferences'));
    expect(getToasts()[0]).toMatchObject({
      message: 'Updated preferences',
      type: 'neutral',
      position: 'bottom-center',
      duration: 3000,
      disableEnterAnimation: false,
      disableExitAnimation: false,
    });
  });

  it('keeps only one toast: a new one drops the older one', () => {
    show(() => toast('First'));
    show(() => toast.positive('Second'));
    expect(getToasts().map((t) => t.message)).toEqual(['Second']);
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('replaces a toast that has the same id', () => {
    const id = show(() => toast.loading('Uploading…'));
    show(() => toast.positive('Uploaded', { id }));
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id, type: 'positive', message: 'Uploaded' });
    // The replacement brings its own timer.
    advance(3000 + TOAST_EXIT_MS);
    expect(getToasts()).toHaveLength(0);
  });

  it('runs timers without a mounted Toaster', () => {
    show(() => toast('Saved', { disableExitAnimation: true }));
    advance(3000);
    expect(getToasts()).toHaveLength(0);
  });
});

describe('durations', () => {
  it.each([
    { type: 'neutral', raise: () => toast('Email sent'), duration: 3000 },
    { type: 'positive', raise: () => toast.positive('Password changed'), duration: 3000 },
    {
      type: 'danger',
      raise: () => toast.danger('Could not verify you are human.'),
      duration: 8000,
    },
  ])('closes a $type toast after $duration ms', ({ raise, duration }) => {
    show(raise);
    advance(duration - 1);
    expect(toastElement()).not.toBeNull();
    advance(1);
    expect(toastElement()?.dataset.state).toBe('closing');
    advance(TOAST_EXIT_MS);
    expect(toastElement()).toBeNull();
  });

  it('keeps a loading toast until it is dismissed', () => {
    const id = show(() => toast.loading('Uploading…'));
    advance(60_000);
    expect(screen.getByText('Uploading…')).toBeTruthy();
    act(() => dismissToast(id));
    advance(TOAST_EXIT_MS);
    expect(screen.queryByText('Uploading…')).toBeNull();
  });

  it('accepts a custom duration', () => {
    show(() => toast('Quick', { duration: 1000, disableExitAnimation: true }));
    advance(1000);
    expect(screen.queryByText('Quick')).toBeNull();
  });
});

describe('pausing', () => {
  it('pauses while hovered and resumes with the time left', async () => {
    const user = setup();
    show(() => toast('Hover me', { disableExitAnimation: true }));
    advance(1000);
    await user.hover(toastElement()!);
    advance(10_000);
    expect(screen.getByText('Hover me')).toBeTruthy();
    await user.unhover(toastElement()!);
    advance(1999);
    expect(screen.getByText('Hover me')).toBeTruthy();
    advance(1);
    expect(screen.queryByText('Hover me')).toBeNull();
  });

  it('pauses while focused and resumes on blur', async () => {
    const user = setup();
    show(() => toast.danger('Could not verify you are human.', { disableExitAnimation: true }));
    advance(7000);
    screen.getByRole('button', { name: 'Close' }).focus();
    advance(20_000);
    expect(toastElement()).not.toBeNull();
    await user.tab();
    advance(999);
    expect(toastElement()).not.toBeNull();
    advance(1);
    expect(toastElement()).toBeNull();
  });

  it('stays paused when replaced under a resting pointer', async () => {
    const user = setup();
    const id = show(() => toast.loading('Saving…', { disableExitAnimation: true }));
    await user.hover(toastElement()!);
    show(() => toast.positive('Saved', { id, disableExitAnimation: true }));
    advance(10_000);
    expect(screen.getByText('Saved')).toBeTruthy();
  });
});

describe('rendering', () => {
  it('announces politely with role status, and danger toasts with role alert', () => {
    show(() => toast.positive('Joined workspace'));
    expect(screen.getByRole('status').textContent).toContain('Joined workspace');
    show(() => toast.danger('This invite is no longer valid'));
    expect(screen.getByRole('alert').textContent).toContain('This invite is no longer valid');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a spinner and no close button on loading toasts', () => {
    show(() => toast.loading('Uploading…'));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('closes with its close button', async () => {
    const user = setup();
    show(() => toast('Email sent', { disableExitAnimation: true }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Email sent')).toBeNull();
  });

  it('renders an action link and an action callback, each closing the toast', async () => {
    const user = setup();
    show(() =>
      toast('Upgrade to keep listening', { action: { label: 'Plans', action: '/pricing' } }),
    );
    expect(screen.getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe('/pricing');

    const undo = vi.fn();
    show(() =>
      toast('Token deleted', {
        action: { label: 'Undo', action: undo },
        disableExitAnimation: true,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Token deleted')).toBeNull();
  });

  it('places the toast and honours the animation flags', () => {
    show(() => toast('Top', { position: 'top-right', disableEnterAnimation: true }));
    expect(toastElement()?.parentElement?.dataset.position).toBe('top-right');
    expect(toastElement()?.className).not.toContain('animate-slide');
    show(() => toast('Bottom'));
    expect(toastElement()?.parentElement?.dataset.position).toBe('bottom-center');
    expect(toastElement()?.className).toContain('animate-slide-up');
  });

  it('is between 288 and 500 px wide', () => {
    show(() => toast('Sized'));
    expect(toastElement()?.className).toContain('min-w-[min(288px');
    expect(toastElement()?.className).toContain('max-w-[min(500px');
  });

  it('stays usable and announced while a modal dialog is open', async () => {
    // jsdom applies no stylesheet, so it cannot see the toast's pointer-events-auto class that
    // overrides the pointer-events: none radix puts on the body.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange}>
        <DialogHeader>Settings</DialogHeader>
      </Dialog>,
    );
    show(() => toast('Updated preferences', { disableExitAnimation: true }));
    const region = screen.getByRole('status');
    expect(region.closest('[aria-hidden="true"]')).toBeNull();
    expect(toastElement()?.className).toContain('pointer-events-auto');
    await user.click(within(toastElement()!).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Updated preferences')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
