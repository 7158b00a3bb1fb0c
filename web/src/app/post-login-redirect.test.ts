import { afterEach, describe, expect, it } from 'vitest';
import { ONBOARDING_SELECTION_KEY, postLoginRedirect } from './post-login-redirect';
import { makeBootstrap, makeUser } from './testing/bootstrap-factory';

afterEach(() => localStorage.clear());

describe('postLoginRedirect', () => {
  it('sends members home by default', () => {
    expect(postLoginRedirect(makeBootstrap({ user: makeUser() }))).toBe('/');
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
