import { describe, expect, it } from 'vitest';
import { recoveryCode, recoveryCodes } from './recovery-codes.js';
import { secretBox } from '../../infra/secret-box.js';

describe('recovery codes', () => {
  it('are 21 characters: ten letters or digits, a hyphen, ten more', () => {
    for (let i = 0; i < 200; i++) {
      const code = recoveryCode();
      expect(code).toHaveLength(21);
      expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    }
  });

  it('come eight at a time, all different', () => {
    const codes = recoveryCodes();
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
  });
});

describe('secretBox', () => {
  it('seals so that only the same key opens', () => {
    const box = secretBox('a'.repeat(40));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => secretBox('b'.repeat(40)).open(sealed)).toThrow();
  });
});
