import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from '../api/bootstrap';
import { Providers } from '../app/providers';
import { makeBootstrap, makeUser } from '../app/testing/bootstrap-factory';
import { applyTranslations } from './i18n';
import { useEffectiveTimezone, useFormatters } from './use-format';

const MOMENT = '2026-03-15T23:30:00.000Z';

afterEach(() => applyTranslations({ language: 'en', name: 'English', lines: {} }));

describe('useFormatters', () => {
  it("formats in the user's timezone and the active language, following changes", () => {
    setBootstrapData(
      makeBootstrap({
        user: makeUser({ timezone: 'Asia/Tokyo' }),
        settings: { 'dates.default_timezone': 'America/Sao_Paulo' },
      }),
    );
    const { result } = renderHook(() => useFormatters(), { wrapper: Providers });
    expect(result.current.timeZone).toBe('Asia/Tokyo');
    expect(result.current.formatDate(MOMENT, 'long')).toBe('March 16, 2026');
    expect(result.current.formatFileSize(1536)).toBe('1.5 KB');

    act(() => applyTranslations({ language: 'pt-BR', name: 'Português (Brasil)', lines: {} }));
    expect(result.current.language).toBe('pt-BR');
    expect(result.current.formatDate(MOMENT, 'long')).toBe('16 de março de 2026');
    expect(result.current.formatFileSize(1536)).toBe('1,5 KB');
    expect(result.current.formatRelativeTime(new Date(Date.now() - 3 * 3600_000))).toBe(
      'há 3 horas',
    );
  });

  it("uses the site's default timezone for guests, unless it is 'auto'", () => {
    setBootstrapData(
      makeBootstrap({ settings: { 'dates.default_timezone': 'America/Sao_Paulo' } }),
    );
    const guest = renderHook(() => useEffectiveTimezone(), { wrapper: Providers });
    expect(guest.result.current).toBe('America/Sao_Paulo');

    setBootstrapData(makeBootstrap({ settings: { 'dates.default_timezone': 'auto' } }));
    const auto = renderHook(() => useEffectiveTimezone(), { wrapper: Providers });
    expect(auto.result.current).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
