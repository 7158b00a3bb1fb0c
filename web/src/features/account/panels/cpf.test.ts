import { describe, expect, it } from 'vitest';
import { isValidCpf } from '@cadenza/contracts/users';
import { cpfApplies, formatCpf } from './cpf';

describe('formatCpf', () => {
  it.each([
    ['529', '529'],
    ['5299', '529.9'],
    ['5299822', '529.982.2'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    ['529982247259999', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['abc', ''],
  ])('formats %s as %s', (input, expected) => {
    expect(formatCpf(input)).toBe(expected);
  });
});

// The rule the field validates with, shared with the server.
describe('isValidCpf', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
    // Whatever the field's mask makes of it is still valid.
    expect(isValidCpf(formatCpf(cpf))).toBe(true);
  });

  it.each([
    ['a wrong first check digit', '529.982.247-35'],
    ['a wrong second check digit', '529.982.247-26'],
    ['repeated digits', '111.111.111-11'],
    ['too few digits', '529.982.247-2'],
    ['nothing', ''],
  ])('refuses %s', (_reason, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('cpfApplies', () => {
  it.each([
    [{ country: 'BR' }, true],
    [{ country: 'br' }, true],
    [{ country: 'PT' }, false],
    [{ country: 'PT', language: 'pt-BR' }, false],
    [{ country: null, language: 'pt-BR' }, true],
    [{ country: null, language: 'en' }, false],
    [{ country: 'US', cpf: '52998224725' }, true],
  ])('for %o is %s', (user, expected) => {
    expect(cpfApplies(user)).toBe(expected);
  });
});
