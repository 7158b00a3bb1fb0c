import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins conditional classes like clsx', () => {
    const isHidden = false;
    expect(
      cn('flex', isHidden && 'hidden', undefined, ['gap-2', { 'p-4': true, 'p-2': false }]),
    ).toBe('flex gap-2 p-4');
  });

  it('keeps the later of two classes that set the same thing', () => {
    expect(cn('relative inline-flex px-3 text-fg', 'absolute hidden px-4 text-danger')).toBe(
      'absolute hidden px-4 text-danger',
    );
  });

  it("knows the app's own shadow and animations", () => {
    expect(cn('shadow-overlay', 'shadow-none')).toBe('shadow-none');
    expect(cn('animate-slide-up', 'animate-fade-out')).toBe('animate-fade-out');
  });

  it('tells a colour from a text size', () => {
    expect(cn('text-sm text-fg', 'text-fg-muted')).toBe('text-sm text-fg-muted');
  });
});
