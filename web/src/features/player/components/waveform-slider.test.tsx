import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WaveformSlider } from './waveform-slider';

function renderSlider(value = 60_000) {
  const onChange = vi.fn();
  const onCommit = vi.fn();
  render(
    <WaveformSlider
      peaks={[10, 80, 40, 90]}
      label="Seek"
      value={value}
      max={240_000}
      valueText="1:00 of 4:00"
      onChange={onChange}
      onCommit={onCommit}
    />,
  );
  const slider = screen.getByRole('slider', { name: 'Seek' });
  // jsdom lays nothing out: the waveform is 400 px wide from x = 100.
  slider.getBoundingClientRect = () => ({ left: 100, width: 400 }) as DOMRect;
  return { slider, onChange, onCommit };
}

describe('WaveformSlider', () => {
  it('is a slider of seconds, the played part drawn in the primary colour', () => {
    const { slider } = renderSlider();
    expect(slider.getAttribute('aria-valuenow')).toBe('60');
    expect(slider.getAttribute('aria-valuemax')).toBe('240');
    expect(slider.getAttribute('aria-valuetext')).toBe('1:00 of 4:00');
    const bars = slider.querySelectorAll('rect');
    expect(bars).toHaveLength(4);
    expect(bars[0]!.getAttribute('class')).toContain('fill-primary');
    expect(bars[1]!.getAttribute('class')).not.toContain('fill-primary');
  });

  it('seeks where it is clicked, and where a drag is let go', () => {
    const { slider, onChange, onCommit } = renderSlider();
    fireEvent.pointerDown(slider, { button: 0, clientX: 300, pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith(120_000);
    fireEvent.pointerMove(slider, { clientX: 400, pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith(180_000);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.pointerUp(slider, { clientX: 400, pointerId: 1 });
    expect(onCommit).toHaveBeenCalledWith(180_000);
  });

  it('moves by keyboard as the plain seek bar does: arrows 1 s, Page keys 10 s, Home and End', async () => {
    const user = userEvent.setup();
    const { slider, onCommit } = renderSlider();
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(onCommit).toHaveBeenLastCalledWith(61_000);
    await user.keyboard('{ArrowLeft}');
    expect(onCommit).toHaveBeenLastCalledWith(59_000);
    await user.keyboard('{PageUp}');
    expect(onCommit).toHaveBeenLastCalledWith(70_000);
    await user.keyboard('{End}');
    expect(onCommit).toHaveBeenLastCalledWith(240_000);
    await user.keyboard('{Home}');
    expect(onCommit).toHaveBeenLastCalledWith(0);
  });
});
