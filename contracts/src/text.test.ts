import { describe, expect, it } from 'vitest';
import { cleanText, displayText, isWellFormed } from './text.js';

describe('display text', () => {
  it('strips NUL, escapes and bidi overrides, and keeps line breaks only in multi-line text', () => {
    expect(cleanText('Ab\u0000c\u202Egnp.exe\u2066')).toBe('Abcgnp.exe');
    expect(cleanText('two\nlines\t!', true)).toBe('two\nlines\t!');
    expect(cleanText('two\nlines\t!')).toBe('twolines!');
    expect(cleanText('Björk — Ágætis byrjun 🎵')).toBe('Björk — Ágætis byrjun 🎵');
  });

  it('refuses lone surrogates and keeps whole pairs', () => {
    expect(isWellFormed('🎵')).toBe(true);
    expect(isWellFormed('\uD83C')).toBe(false);
    expect(isWellFormed('a\uDFB5b')).toBe(false);
    expect(displayText(10).safeParse('x\uD800').success).toBe(false);
    expect(displayText(10).parse('  Mix\u202E  ')).toBe('Mix');
    expect(displayText(3).safeParse('four').success).toBe(false);
  });
});
