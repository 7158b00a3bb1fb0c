import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayedSpinner, ProgressCircle } from './spinner';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('DelayedSpinner', () => {
  it('does not appear when pending ends within 500 ms', () => {
    const { rerender } = render(<DelayedSpinner isPending />);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<DelayedSpinner isPending={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('appears after 500 ms of pending', () => {
    render(<DelayedSpinner isPending />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
  });

  it('stays at least 200 ms once shown', () => {
    const { rerender } = render(<DelayedSpinner isPending />);
    act(() => vi.advanceTimersByTime(550));
    rerender(<DelayedSpinner isPending={false} />);
    act(() => vi.advanceTimersByTime(149));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('hides at once when it has already been shown for 200 ms', () => {
    const { rerender } = render(<DelayedSpinner isPending />);
    act(() => vi.advanceTimersByTime(900));
    rerender(<DelayedSpinner isPending={false} />);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('stays shown when pending resumes during the minimum duration', () => {
    const { rerender } = render(<DelayedSpinner isPending />);
    act(() => vi.advanceTimersByTime(500));
    rerender(<DelayedSpinner isPending={false} />);
    act(() => vi.advanceTimersByTime(100));
    rerender(<DelayedSpinner isPending />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});

describe('ProgressCircle', () => {
  it('reports a determinate value', () => {
    render(<ProgressCircle value={40} label="Uploading" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
  });
});
