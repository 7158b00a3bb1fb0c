import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, registerBodySchema, twoFactorChallengeBodySchema } from './auth.js';

describe('registerBodySchema', () => {
  const valid = {
    email: 'ana@example.com',
    username: 'ana.souza',
    password: 'long-enough',
    password_confirmation: 'long-enough',
  };

  it('accepts a minimal registration and an optional phone', () => {
    expect(registerBodySchema.parse(valid).policies).toEqual([]);
    expect(registerBodySchema.parse({ ...valid, phone: '' }).phone).toBeUndefined();
    expect(registerBodySchema.parse({ ...valid, phone: '+1 (555) 010-9999' }).phone).toBe(
      '+1 (555) 010-9999',
    );
  });

  it('names the broken fields', () => {
    const result = registerBodySchema.safeParse({
      email: 'nope',
      username: 'x',
      password: 'short',
      password_confirmation: 'short',
      phone: '12',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path.join('.')).sort();
    expect(fields).toEqual(['email', 'password', 'phone', 'username']);
  });
});

describe('phone rule', () => {
  it('takes 10 to 20 digits, spaces, plus, parentheses and hyphens', () => {
    expect(PHONE_PATTERN.test('11987654321')).toBe(true);
    expect(PHONE_PATTERN.test('123456789')).toBe(false);
    expect(PHONE_PATTERN.test('1'.repeat(21))).toBe(false);
    expect(PHONE_PATTERN.test('11 98765 4321 ext')).toBe(false);
  });
});

describe('twoFactorChallengeBodySchema', () => {
  it('needs a 6-character code or a 21-character recovery code', () => {
    expect(twoFactorChallengeBodySchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(
      twoFactorChallengeBodySchema.safeParse({ recovery_code: 'abcdefghij-klmnopqrst' }).success,
    ).toBe(true);
    expect(twoFactorChallengeBodySchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(twoFactorChallengeBodySchema.safeParse({}).success).toBe(false);
  });
});
