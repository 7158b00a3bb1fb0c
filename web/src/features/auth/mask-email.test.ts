import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('keeps the first two characters of the local part and the domain', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('ad****@example.com');
  });

  it('keeps a one-character local part as it is', () => {
    expect(maskEmail('a@example.com')).toBe('a****@example.com');
  });

  it('uses the last @ to find the domain', () => {
    expect(maskEmail('"we@ird"@example.org')).toBe('"w****@example.org');
  });

  it.each([null, undefined, '', 'not-an-address', '@example.com'])(
    'shows a run of asterisks for %j',
    (value) => {
      expect(maskEmail(value)).toBe('********');
    },
  );
});
