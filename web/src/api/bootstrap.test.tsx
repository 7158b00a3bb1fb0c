import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';
import {
  getBootstrapData,
  loadBootstrapData,
  readSetting,
  setBootstrapData,
  useAuthUser,
  useSetting,
} from './bootstrap';
import { makeBootstrap, makeSettings, makeUser } from '../app/testing/bootstrap-factory';

afterEach(() => {
  delete window.bootstrapData;
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('loadBootstrapData', () => {
  it('reads the data the server inlined into the page', async () => {
    const data = makeBootstrap();
    window.bootstrapData = data;
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadBootstrapData()).resolves.toBe(data);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the JSON data block when no script has read it yet', async () => {
    const data = makeBootstrap();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'bootstrap-data';
    block.textContent = JSON.stringify(data);
    document.head.append(block);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadBootstrapData()).resolves.toEqual(data);
    expect(fetchMock).not.toHaveBeenCalled();
    block.remove();
  });

  it('asks the server once when nothing was inlined (Vite dev server)', async () => {
    const data = makeBootstrap();
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ bootstrapData: data }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadBootstrapData()).resolves.toEqual(data);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/bootstrap-data');
  });
});

function WhoAmI() {
  const user = useAuthUser();
  const siteName = useSetting('branding.site_name');
  return (
    <p>
      {user ? user.display_name : 'guest'} on {siteName}
    </p>
  );
}

describe('the bootstrap store', () => {
  it('re-renders readers when the data is replaced', () => {
    setBootstrapData(makeBootstrap());
    render(<WhoAmI />);
    expect(screen.getByText('guest on Cadenza')).toBeTruthy();

    act(() => setBootstrapData(makeBootstrap({ user: makeUser() })));
    expect(screen.getByText('Ada Lovelace on Cadenza')).toBeTruthy();
    expect(getBootstrapData().user?.id).toBe(1);
  });

  it('clears cached server data on logout', () => {
    setBootstrapData(makeBootstrap({ user: makeUser() }));
    queryClient.setQueryData(['users', 'me'], { id: 1 });
    setBootstrapData(makeBootstrap());
    expect(queryClient.getQueryData(['users', 'me'])).toBeUndefined();
  });

  it('marks cached data stale when someone logs in', () => {
    setBootstrapData(makeBootstrap());
    queryClient.setQueryData(['channels', 'discover'], { items: [] });
    setBootstrapData(makeBootstrap({ user: makeUser() }));
    expect(queryClient.getQueryState(['channels', 'discover'])?.isInvalidated).toBe(true);
  });

  it('keeps cached data when the same user is refreshed', () => {
    setBootstrapData(makeBootstrap({ user: makeUser() }));
    queryClient.setQueryData(['users', 'me'], { id: 1 });
    setBootstrapData(makeBootstrap({ user: makeUser({ display_name: 'Ada' }) }));
    expect(queryClient.getQueryState(['users', 'me'])?.isInvalidated).toBe(false);
  });
});

describe('readSetting', () => {
  it('reads nested public settings by their dotted key', () => {
    const settings = makeSettings({ 'billing.enable': true, 'recaptcha.enable.register': true });
    expect(readSetting(settings, 'billing.enable')).toBe(true);
    expect(readSetting(settings, 'recaptcha.enable.register')).toBe(true);
    expect(readSetting(settings, 'auth.login_redirect')).toBe('/');
    expect(readSetting(settings, 'mail.from_address')).toBeUndefined();
  });
});
