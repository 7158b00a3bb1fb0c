import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton';

describe('Skeleton', () => {
  it('is hidden from assistive technology and pulses only when motion is allowed', () => {
    const { container } = render(<Skeleton variant="circle" className="size-10" />);
    const skeleton = container.firstElementChild as HTMLElement;
    expect(skeleton.getAttribute('aria-hidden')).toBe('true');
    expect(skeleton.className).toContain('motion-safe:animate-pulse');
    expect(skeleton.className).toContain('rounded-full');
  });
});
