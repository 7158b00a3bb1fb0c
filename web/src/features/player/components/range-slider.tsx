import clsx from 'clsx';
import { Slider } from 'radix-ui';
import { useEffect, useState } from 'react';

export interface RangeSliderProps {
  label: string;
  value: number;
  max: number;
  step?: number;
  /** Shown behind the value, such as the buffered part of a track. */
  secondary?: number;
  valueText?: string;
  onChange: (value: number) => void;
  /** Fires once the user lets go (seeking commits here rather than on every move). */
  onCommit?: (value: number) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * False until the page has painted once. Radix measures a slider's thumb as it mounts, which lays
 * out the whole page inside the render that first draws the player (a long task on a phone).
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * A thin track with a thumb on hover and focus, as music players draw it. The thumb, unseen
 * until then, comes once the page has painted: measured then, it costs no layout of its own.
 */
export function RangeSlider({
  label,
  value,
  max,
  step = 1,
  secondary,
  valueText,
  onChange,
  onCommit,
  disabled,
  className,
}: RangeSliderProps) {
  const thumbShown = usePaintedOnce();
  const safeMax = max > 0 ? max : 1;
  const secondaryPercent =
    secondary !== undefined ? Math.min(100, Math.max(0, (secondary / safeMax) * 100)) : 0;
  return (
    <Slider.Root
      className={clsx(
        'group relative flex h-4 touch-none items-center select-none',
        disabled && 'pointer-events-none opacity-50',
        className,
      )}
      value={[Math.min(value, safeMax)]}
      max={safeMax}
      step={step}
      disabled={disabled}
      onValueChange={([next]) => onChange(next ?? 0)}
      onValueCommit={([next]) => onCommit?.(next ?? 0)}
    >
      <Slider.Track className="relative h-1 grow overflow-hidden rounded-full bg-fg/20">
        {secondary !== undefined && (
          <span
            data-testid="slider-secondary"
            className="absolute inset-y-0 start-0 rounded-full bg-fg/25"
            style={{ width: `${secondaryPercent}%` }}
          />
        )}
        <Slider.Range className="absolute h-full rounded-full bg-fg group-hover:bg-primary group-focus-within:bg-primary" />
      </Slider.Track>
      {thumbShown && (
        <Slider.Thumb
          aria-label={label}
          aria-valuetext={valueText}
          className="block size-3 rounded-full bg-fg opacity-0 shadow transition-opacity group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-primary"
        />
      )}
    </Slider.Root>
  );
}
