import { SOCIAL_MESSAGE_SOURCE } from '@cadenza/contracts/social-auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSocialPopup, popupFeatures, type PopupHost } from './social-popup';

const ORIGIN = 'https://music.example.com';

interface FakePopup {
  closed: boolean;
  close?: () => void;
}

function fakeHost(popup: FakePopup | null = { closed: false }) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const open = vi.fn(() => popup as unknown as Window);
  const host: PopupHost = {
    open,
    addEventListener: ((type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.add(listener);
    }) as PopupHost['addEventListener'],
    removeEventListener: ((type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.delete(listener);
    }) as PopupHost['removeEventListener'],
    screenX: 100,
    screenY: 50,
    outerWidth: 1450,
    outerHeight: 950,
    location: { origin: ORIGIN },
  };
  const post = (data: unknown, origin = ORIGIN) =>
    listeners.forEach((listener) => listener(new MessageEvent('message', { data, origin })));
  return { host, open, post, listeners };
}

const success = { source: SOCIAL_MESSAGE_SOURCE, status: 'ALREADY_LOGGED_IN' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('openSocialPopup', () => {
  it('opens a 650 × 550 popup centred over the app window', () => {
    const { host, open } = fakeHost();
    void openSocialPopup('/secure/auth/social/google/login', host);
    expect(open).toHaveBeenCalledWith(
      '/secure/auth/social/google/login',
      expect.any(String),
      'width=650,height=550,left=500,top=250',
    );
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 })).toBe(
      'width=650,height=550,left=0,top=0',
    );
  });

  it('resolves with the result posted from the app origin, closes the popup and stops listening', async () => {
    const popup: FakePopup = { closed: false };
    popup.close = vi.fn(() => (popup.closed = true));
    const { host, post, listeners } = fakeHost(popup);
    const result = openSocialPopup('/x', host);
    expect(popup.close).not.toHaveBeenCalled();
    post(success);
    await expect(result).resolves.toEqual(success);
    expect(popup.close).toHaveBeenCalledOnce();
    expect(listeners.size).toBe(0);
  });

  it('ignores messages from another origin or of another shape', async () => {
    const popup = { closed: false };
    const { host, post } = fakeHost(popup);
    const result = openSocialPopup('/x', host);
    post(success, 'https://evil.example.net');
    post({ status: 'SUCCESS' });
    post('SUCCESS');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBeNull();
  });

  it('polls every second and gives an empty result when the popup is closed', async () => {
    const popup = { closed: false };
    const { host, listeners } = fakeHost(popup);
    let settled: unknown = 'pending';
    void openSocialPopup('/x', host).then((value) => (settled = value));
    // Three polls with the popup open.
    await vi.advanceTimersByTimeAsync(3000);
    expect(settled).toBe('pending');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(999);
    // Not before the next poll, at most a second later.
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeNull();
    expect(listeners.size).toBe(0);
  });

  it('gives an empty result when the browser blocks the popup', async () => {
    const { host } = fakeHost(null);
    await expect(openSocialPopup('/x', host)).resolves.toBeNull();
  });
});
