import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RangeSlider } from './range-slider';

describe('RangeSlider', () => {
  it('draws its track at once and its thumb once the page has painted, then moves by keyboard', async () => {
    const committed = vi.fn();
    function Volume() {
      const [value, setValue] = useState(40);
      return (
        <RangeSlider
          label="Volume"
          value={value}
          max={100}
          step={10}
          valueText={`${value}%`}
          onChange={setValue}
          onCommit={committed}
        />
      );
    }
    const { container } = render(<Volume />);
    // The first render measures nothing: the thumb, which Radix measures, is not there yet.
    expect(container.querySelector('[data-orientation="horizontal"]')).not.toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();

    const thumb = await screen.findByRole('slider', { name: 'Volume' });
    expect(thumb.getAttribute('aria-valuenow')).toBe('40');
    act(() => thumb.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('50');
    expect(thumb.getAttribute('aria-valuetext')).toBe('50%');
    expect(committed).toHaveBeenLastCalledWith(50);
  });

  it('moves ten steps with Page Up from a position between steps, not to the next step', async () => {
    const committed = vi.fn();
    function Seek() {
      const [value, setValue] = useState(2157);
      return (
        <RangeSlider
          label="Seek"
          value={value}
          max={24_480}
          step={1000}
          valueText={`${value}`}
          onChange={setValue}
          onCommit={committed}
        />
      );
    }
    render(<Seek />);
    const thumb = await screen.findByRole('slider', { name: 'Seek' });
    act(() => thumb.focus());
    await userEvent.keyboard('{PageUp}');
    expect(committed).toHaveBeenLastCalledWith(12_157);
    await userEvent.keyboard('{ArrowLeft}');
    expect(committed).toHaveBeenLastCalledWith(11_157);
    await userEvent.keyboard('{PageUp}{PageUp}');
    expect(committed).toHaveBeenLastCalledWith(24_480);
  });
});
