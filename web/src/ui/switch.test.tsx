import './test-utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch';
import { describedByTexts } from './test-utils';

describe('Switch', () => {
  it('switches by keyboard and exposes its label and description', async () => {
    function Controlled() {
      const [on, setOn] = useState(false);
      return (
        <Switch
          label="Dark mode"
          description="Easier on the eyes."
          checked={on}
          onCheckedChange={setOn}
        />
      );
    }
    render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(describedByTexts(toggle)).toEqual(['Easier on the eyes.']);
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});
