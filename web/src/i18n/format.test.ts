import { afterEach, describe, expect, it } from 'vitest';
import { effectiveTimezone, formatDate, formatFileSize, formatRelativeTime } from './format';
import { applyTranslations, i18n } from './i18n';

afterEach(() => applyTranslations({ language: 'en', name: 'English', lines: {} }));

// 23:30 UTC on 15 March 2026 is already the 16th in Tokyo and still the 15th in São Paulo.
const MOMENT = '2026-03-15T23:30:00.000Z';

describe('formatDate', () => {
  it('formats each preset in the given timezone and language', () => {
    const utc = { language: 'en-US', timeZone: 'UTC' };
    expect(formatDate(MOMENT, 'numeric', utc)).toBe('03/15/2026');
    expect(formatDate(MOMENT, 'short', utc)).toBe('Mar 15, 2026');
    expect(formatDate(MOMENT, 'long', utc)).toBe('March 15, 2026');
    expect(formatDate(MOMENT, 'timestamp', utc)).toBe('03/15/2026, 11:30 PM');
    expect(formatDate(MOMENT, 'time', utc)).toBe('11:30 PM');

    expect(formatDate(MOMENT, 'numeric', { language: 'en-US', timeZone: 'Asia/Tokyo' })).toBe(
      '03/16/2026',
    );
    const brazil = { language: 'pt-BR', timeZone: 'America/Sao_Paulo' };
    expect(formatDate(MOMENT, 'numeric', brazil)).toBe('15/03/2026');
    expect(formatDate(MOMENT, 'long', brazil)).toBe('15 de março de 2026');
    expect(formatDate(MOMENT, 'time', brazil)).toBe('20:30');
  });

  it('uses the active language by default and accepts dates and timestamps', () => {
    applyTranslations({ language: 'pt-BR', name: 'Português (Brasil)', lines: {} });
    expect(formatDate(new Date(MOMENT), 'short', { timeZone: 'UTC' })).toBe('15 de mar. de 2026');
    expect(formatDate(Date.parse(MOMENT), 'numeric', { timeZone: 'UTC' })).toBe('15/03/2026');
  });

  it('gives an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('effectiveTimezone', () => {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;

  it("prefers the user's timezone, then the site default, then the browser's", () => {
    expect(effectiveTimezone('Asia/Tokyo', 'Europe/Lisbon')).toBe('Asia/Tokyo');
    expect(effectiveTimezone(null, 'Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(effectiveTimezone(null, 'auto')).toBe(browser);
    expect(effectiveTimezone(undefined, undefined)).toBe(browser);
  });

  it('skips timezones the browser does not know', () => {
    expect(effectiveTimezone('Mars/Olympus_Mons', 'Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(effectiveTimezone('Mars/Olympus_Mons', 'Nowhere')).toBe(browser);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-15T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it("says 'a few seconds ago' under a minute, then counts whole units", () => {
    expect(formatRelativeTime(ago(0), { now, language: 'en' })).toBe('a few seconds ago');
    expect(formatRelativeTime(ago(59), { now, language: 'en' })).toBe('a few seconds ago');
    expect(formatRelativeTime(ago(60), { now, language: 'en' })).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60 + 30), { now, language: 'en' })).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(59 * 60), { now, language: 'en' })).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), { now, language: 'en' })).toBe('3 hours ago');
    expect(formatRelativeTime(ago(2 * 86400), { now, language: 'en' })).toBe('2 days ago');
    expect(formatRelativeTime(ago(65 * 86400), { now, language: 'en' })).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 86400), { now, language: 'en' })).toBe('2 years ago');
    expect(formatRelativeTime(ago(-2 * 3600), { now, language: 'en' })).toBe('in 2 hours');
  });

  it('speaks the active language', () => {
    applyTranslations({
      language: 'pt-BR',
      name: 'Português (Brasil)',
      lines: { 'a few seconds ago': 'há alguns segundos' },
    });
    expect(i18n.language).toBe('pt-BR');
    expect(formatRelativeTime(ago(10), { now })).toBe('há alguns segundos');
    expect(formatRelativeTime(ago(5 * 60), { now })).toBe('há 5 minutos');
    expect(formatRelativeTime(ago(3 * 86400), { now })).toBe('há 3 dias');
  });

  it('gives an empty string for missing or invalid values', () => {
    expect(formatRelativeTime(null)).toBe('');
    expect(formatRelativeTime('yesterday-ish')).toBe('');
  });
});

describe('formatFileSize', () => {
  it('uses base 1024 units from bytes to yottabytes', () => {
    const en = { language: 'en' };
    expect(formatFileSize(0, en)).toBe('0 B');
    expect(formatFileSize(1023, en)).toBe('1,023 B');
    expect(formatFileSize(1024, en)).toBe('1 KB');
    expect(formatFileSize(1536, en)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 2, en)).toBe('5 MB');
    expect(formatFileSize(2.25 * 1024 ** 3, en)).toBe('2.3 GB');
    expect(formatFileSize(1024 ** 4, en)).toBe('1 TB');
    expect(formatFileSize(1024 ** 8, en)).toBe('1 YB');
    expect(formatFileSize(2048 * 1024 ** 8, en)).toBe('2,048 YB');
    // Never '1,024 KB': that is 1 MB.
    expect(formatFileSize(1024 * 1024 - 1, en)).toBe('1 MB');
  });

  it('writes numbers the way the language does', () => {
    expect(formatFileSize(1536, { language: 'pt-BR' })).toBe('1,5 KB');
  });

  it('gives an empty string for values that are not sizes', () => {
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
