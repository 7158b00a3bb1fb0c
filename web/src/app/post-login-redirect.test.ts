import { afterEach, describe, expect, it } from 'vitest';
import { ONBOARDING_SELECTION_KEY, postLoginRedirect } from './post-login-redirect';
import { makeBootstrap, makeUser } from './testing/bootstrap-factory';

afterEach(() => localStorage.clear());

describe('postLoginRedirect', () => {
  it("sends listeners to the player's home by default", () => {
    const listener = makeUser({ permissionNames: ['music.view'] });
    expect(postLoginRedirect(makeBootstrap({ user: listener }))).toBe('/discover');
    // The setting's default is the marketing page, not a member's home.
    const settings = { 'auth.login_redirect': '/' };
    expect(postLoginRedirect(makeBootstrap({ user: listener, settings }))).toBe('/discover');
  });

  it('sends members who may not listen to the homepage', () => {
    expect(postLoginRedirect(makeBootstrap({ user: makeUser() }))).toBe('/');
  });

  it('returns to the intended page of this site before anything else', () => {
    localStorage.setItem(ONBOARDING_SELECTION_KEY, JSON.stringify({ productId: 1, priceId: 2 }));
    const data = makeBootstrap({ user: makeUser({ permissionNames: ['admin'] }) });
    expect(postLoginRedirect(data, '/workspaces/3')).toBe('/workspaces/3');
    for (const elsewhere of ['https://evil.example', '//evil.example', '/\\evil.example', '']) {
      expect(postLoginRedirect(data, elsewhere)).toBe('/admin');
    }
  });

  it('follows the configured login redirect', () => {
    const data = makeBootstrap({
      user: makeUser(),
      settings: { 'auth.login_redirect': '/discover' },
    });
    expect(postLoginRedirect(data)).toBe('/discover');
  });

  it.each(['admin', 'admin.access'])('sends holders of %s to /admin', (permission) => {
    localStorage.setItem(ONBOARDING_SELECTION_KEY, JSON.stringify({ productId: 1, priceId: 2 }));
    const data = makeBootstrap({ user: makeUser({ permissionNames: [permission] }) });
    expect(postLoginRedirect(data)).toBe('/admin');
  });

  it('sends a member with a stored plan choice to its checkout', () => {
    localStorage.setItem(ONBOARDING_SELECTION_KEY, JSON.stringify({ productId: 3, priceId: 7 }));
    const data = makeBootstrap({
      user: makeUser(),
      settings: { 'auth.login_redirect': '/discover' },
    });
    expect(postLoginRedirect(data)).toBe('/checkout/3/7');
  });

  it.each(['not json', '{"productId":3}', 'null'])('ignores a stored choice of %s', (stored) => {
    localStorage.setItem(ONBOARDING_SELECTION_KEY, stored);
    expect(postLoginRedirect(makeBootstrap({ user: makeUser() }))).toBe('/');
  });
});
