import { describe, expect, it } from 'vitest';
import { contactInfoBodySchema, isValidCpf, profileSlug } from './users.js';

describe('isValidCpf', () => {
  it('accepts CPFs with correct check digits, formatted or as digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits and odd formats', () => {
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('529982247-25')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('lets an empty CPF clear the field', () => {
    expect(contactInfoBodySchema.parse({ cpf: '' }).cpf).toBeNull();
  });
});

describe('profileSlug', () => {
  it('lowercases, hyphenates and strips the reserved characters', () => {
    expect(profileSlug('Ana Souza')).toBe('ana-souza');
    expect(profileSlug("D'Angelo & The Vanguard!")).toBe('dangelo-&-the-vanguard');
    expect(profileSlug('a*b+c~d.e(f)g\'h"i!j:k@l?m|n/o\\p#q')).toBe('abcdefghijklmnopq');
    expect(profileSlug('  Many   spaces  ')).toBe('many-spaces');
  });

  it('falls back to hyphenated whitespace when nothing else is left', () => {
    expect(profileSlug('?? !!')).toBe('??-!!');
    expect(profileSlug(' @ # ')).toBe('@-#');
  });
});
