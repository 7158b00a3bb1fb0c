import './test-utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';
import { describedByTexts } from './test-utils';

describe('Checkbox', () => {
  it('toggles by its label and links description and error', async () => {
    const onCheckedChange = vi.fn();
    render(
      <Checkbox
        label="I accept the Terms"
        description="Read them first."
        errorMessage="You must accept."
        onCheckedChange={onCheckedChange}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the Terms' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(box)).toEqual(['Read them first.', 'You must accept.']);
    await userEvent.click(screen.getByText('I accept the Terms'));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('toggles with the space key', async () => {
    render(<Checkbox label="Remember me" />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    box.focus();
    await userEvent.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('true');
  });

  it('shows an indeterminate state', () => {
    render(<Checkbox label="All" checked="indeterminate" />);
    expect(screen.getByRole('checkbox').getAttribute('aria-checked')).toBe('mixed');
  });
});
