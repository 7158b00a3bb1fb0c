import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from '../../api/bootstrap';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { COOKIE_NOTICE_COOKIE, CookieNotice } from './cookie-notice';

function renderNotice(settings: Record<string, unknown> = {}) {
  setBootstrapData(makeBootstrap({ settings: { 'cookie_notice.enable': true, ...settings } }));
  const router = createMemoryRouter([{ path: '*', Component: CookieNotice }]);
  return render(<RouterProvider router={router} />);
}

function clearCookies() {
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  }
}

describe('CookieNotice', () => {
  beforeEach(clearCookies);

  it('shows the notice with its link button and hides it for 30 days after OK', async () => {
    renderNotice({
      'cookie_notice.button': { label: 'Learn more', action: '/pages/privacy-policy' },
    });
    const notice = screen.getByRole('region', { name: 'Cookie notice' });
    expect(notice.getAttribute('data-position')).toBe('bottom');
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe(
      '/pages/privacy-policy',
    );

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    expect(document.cookie).toContain(`${COOKIE_NOTICE_COOKIE}=1`);
  });

  it('stays hidden once accepted', () => {
    document.cookie = `${COOKIE_NOTICE_COOKIE}=1; path=/`;
    renderNotice();
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
  });

  it('is absent when the notice is switched off', () => {
    renderNotice({ 'cookie_notice.enable': false });
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
  });

  it('sits at the top when configured, and leaves the link out when there is none', () => {
    renderNotice({ 'cookie_notice.position': 'top', 'cookie_notice.button': null });
    expect(
      screen.getByRole('region', { name: 'Cookie notice' }).getAttribute('data-position'),
    ).toBe('top');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('opens an external link button in a new tab', () => {
    renderNotice({
      'cookie_notice.button': { label: 'Our policy', action: 'https://example.com/privacy' },
    });
    const link = screen.getByRole('link', { name: 'Our policy' });
    expect(link.getAttribute('href')).toBe('https://example.com/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
