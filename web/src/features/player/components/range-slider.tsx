import clsx from 'clsx';
import { Slider } from 'radix-ui';
import { useEffect, useRef, useState, type RefObject } from 'react';

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
 * False until the slider is on screen. Radix measures a slider's thumb as it mounts, which lays
 * out the whole page inside the render that draws it (a long task on a phone): the thumb comes
 * once the page has painted with the slider shown, and not at all in a bar this screen hides
 * (the player's desktop bar, on a phone). Without IntersectionObserver, once the page has painted.
 */
function useShownOnce(slider: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = slider.current;
    if (element && typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setShown(true);
      });
      observer.observe(element);
      return () => observer.disconnect();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setShown(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [slider]);
  return shown;
}

/** Steps each key moves; Page Up and Down ten at a time, as Shift with an arrow does. */
const KEY_STEPS: Record<string, number> = {
  ArrowRight: 1,
  ArrowUp: 1,
  ArrowLeft: -1,
  ArrowDown: -1,
  PageUp: 10,
  PageDown: -10,
};

/**
 * A thin track with a thumb on hover and focus, as music players draw it. The thumb, unseen
 * until then, comes once the slider is on screen: measured then, it costs no layout of its own.
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
  const root = useRef<HTMLSpanElement>(null);
  const thumbShown = useShownOnce(root);
  const safeMax = max > 0 ? max : 1;
  const secondaryPercent =
    secondary !== undefined ? Math.min(100, Math.max(0, (secondary / safeMax) * 100)) : 0;
  return (
    <Slider.Root
      ref={root}
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
      onKeyDown={(event) => {
        // Radix first brings a value between steps to the next step, so Page Up from 2.2 s
        // of a track went to 3 s, not 12 s: the keys move from the value as it is.
        const steps = KEY_STEPS[event.key];
        if (steps === undefined || disabled) return;
        event.preventDefault();
        const next = Math.min(
          safeMax,
          Math.max(0, value + steps * (event.shiftKey ? 10 : 1) * step),
        );
        onChange(next);
        onCommit?.(next);
      }}
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
