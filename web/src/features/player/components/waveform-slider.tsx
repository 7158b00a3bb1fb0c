import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../../ui/cn';
import { Waveform } from '../../../ui/waveform';

/**
 * Arrow keys move this much, Page Up and Down ten times as far: the same as the plain seek bar,
 * so the keys do what they did whichever bar a track gets.
 */
const KEY_STEP_MS = 1000;

export interface WaveformSliderProps {
  peaks: number[];
  label: string;
  value: number;
  max: number;
  valueText: string;
  /** Every move while dragging: the shown position follows. */
  onChange: (value: number) => void;
  /** Once, where the pointer is let go, or at each key press. */
  onCommit: (value: number) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * The seek slider drawn as the track's waveform, the played part in the primary colour. A click
 * seeks, a drag seeks where it is let go, the keys seek as on any slider.
 */
export function WaveformSlider({
  peaks,
  label,
  value,
  max,
  valueText,
  onChange,
  onCommit,
  disabled,
  className,
}: WaveformSliderProps) {
  const dragging = useRef(false);
  const safeMax = max > 0 ? max : 1;
  const shown = Math.min(Math.max(0, value), safeMax);

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    return Math.round(Math.min(1, Math.max(0, fraction)) * safeMax);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: KEY_STEP_MS,
      ArrowUp: KEY_STEP_MS,
      ArrowLeft: -KEY_STEP_MS,
      ArrowDown: -KEY_STEP_MS,
      PageUp: KEY_STEP_MS * 10,
      PageDown: -KEY_STEP_MS * 10,
      Home: -safeMax,
      End: safeMax,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    onCommit(Math.min(safeMax, Math.max(0, shown + move)));
  };

  return (
    <div
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(safeMax / 1000)}
      aria-valuenow={Math.round(shown / 1000)}
      aria-valuetext={valueText}
      aria-disabled={disabled || undefined}
      data-testid="waveform-scrubber"
      className={cn(
        'h-8 cursor-pointer touch-none rounded-sm select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        disabled && 'pointer-events-none opacity-50',
        className,
      )}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        dragging.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        onChange(at(event));
      }}
      onPointerMove={(event) => {
        if (dragging.current) onChange(at(event));
      }}
      onPointerUp={(event) => {
        if (!dragging.current) return;
        dragging.current = false;
        onCommit(at(event));
      }}
      onPointerCancel={() => {
        dragging.current = false;
        onCommit(shown);
      }}
      onKeyDown={onKeyDown}
    >
      <Waveform peaks={peaks} progress={shown / safeMax} label={label} className="h-full" />
    </div>
  );
}
