import '../ui/test-utils';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from './use-translation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { getBootstrapData, setBootstrapData } from '../api/bootstrap';
import { Providers } from '../app/providers';
import { makeBootstrap, makeUser } from '../app/testing/bootstrap-factory';
import { clearToasts } from '../ui/toast/toast-store';
import { applyTranslations } from './i18n';
import { LanguagePicker } from './language-picker';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PORTUGUESE = {
  language: 'pt-BR',
  name: 'Português (Brasil)',
  lines: { Pricing: 'Preços', 'Language: {{name}}': 'Idioma: {{name}}' },
};

function serve({ failLocale = false } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), window.location.href);
    if (url.pathname === '/api/v1/value-lists/localizations')
      return json({
        localizations: [
          { language: 'en', name: 'English' },
          { language: 'pt-BR', name: 'Português (Brasil)' },
        ],
      });
    if (url.pathname === '/api/v1/users/me/locale' && init?.method === 'POST') {
      if (failLocale) return json({ message: 'Server Error' }, 500);
      const { locale } = JSON.parse(String(init.body)) as { locale?: string };
      if (locale === 'pt-BR') return json({ locale, i18n: PORTUGUESE });
      if (locale === 'en')
        return json({ locale, i18n: { language: 'en', name: 'English', lines: {} } });
      return json({ message: 'Invalid.', errors: { locale: 'Invalid.' } }, 422);
    }
    return json({ message: 'Not found.' }, 404);
  });
}

function Page() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('Pricing')}</h1>
      <LanguagePicker />
    </>
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
  applyTranslations({ language: 'en', name: 'English', lines: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
  applyTranslations({ language: 'en', name: 'English', lines: {} });
});

describe('LanguagePicker', () => {
  it('switches the page to the chosen language without a reload', async () => {
    serve();
    setBootstrapData(makeBootstrap({ user: makeUser({ language: 'en' }) }));
    render(<Page />, { wrapper: Providers });
    expect(screen.getByRole('heading').textContent).toBe('Pricing');

    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Português (Brasil)' }));

    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Preços'));
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(screen.getByRole('button', { name: 'Idioma: Português (Brasil)' })).toBeTruthy();
    expect(getBootstrapData().user?.language).toBe('pt-BR');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ locale: 'pt-BR' });

    // And back.
    await userEvent.click(screen.getByRole('button', { name: 'Idioma: Português (Brasil)' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Pricing'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('marks the active language and does nothing when it is chosen again', async () => {
    serve();
    setBootstrapData(makeBootstrap());
    render(<Page />, { wrapper: Providers });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    const english = await screen.findByRole('menuitem', { name: 'English' });
    expect(english.getAttribute('aria-current')).toBe('true');
    await userEvent.click(english);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('keeps the current language and says so when saving fails', async () => {
    serve({ failLocale: true });
    setBootstrapData(makeBootstrap());
    render(<Page />, { wrapper: Providers });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Português (Brasil)' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Language: English' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(await screen.findByText('There was an issue. Please try again.')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('Pricing');
    expect(document.documentElement.lang).toBe('en');
  });

  it('is absent when the site has languages switched off', () => {
    serve();
    setBootstrapData(makeBootstrap({ settings: { 'i18n.enable': false } }));
    render(<Page />, { wrapper: Providers });
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Pricing');
  });
});
