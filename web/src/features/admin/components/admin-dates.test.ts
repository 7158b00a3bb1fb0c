import { describe, expect, it } from 'vitest';
import { formatAdminDate } from './admin-dates';

const MOMENT = '2026-02-01T17:05:00Z';

describe('formatAdminDate', () => {
  it('writes a day with its month in words, in the language and timezone given', () => {
    expect(formatAdminDate(MOMENT, { language: 'en', timeZone: 'UTC' })).toBe('Feb 01, 2026');
    expect(formatAdminDate(MOMENT, { language: 'pt-BR', timeZone: 'America/Sao_Paulo' })).toBe(
      '01 de fev. de 2026',
    );
    // Late in the evening in São Paulo is already the next day in Tokyo.
    expect(formatAdminDate(MOMENT, { language: 'en', timeZone: 'Asia/Tokyo' })).toBe(
      'Feb 02, 2026',
    );
  });

  it('writes a moment as the same day followed by its time', () => {
    expect(formatAdminDate(MOMENT, { language: 'en', timeZone: 'UTC' }, true)).toBe(
      'Feb 01, 2026, 5:05 PM',
    );
    expect(
      formatAdminDate(MOMENT, { language: 'pt-BR', timeZone: 'America/Sao_Paulo' }, true),
    ).toBe('01 de fev. de 2026, 14:05');
  });

  it('writes nothing for a missing or broken date', () => {
    const options = { language: 'en', timeZone: 'UTC' };
    expect(formatAdminDate(null, options)).toBe('');
    expect(formatAdminDate(undefined, options)).toBe('');
    expect(formatAdminDate('not a date', options)).toBe('');
  });
});
