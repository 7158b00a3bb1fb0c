import { cn } from './cn';

/**
 * A track's waveform from its stored peaks (0..100 each), as bars scaled to the loudest, so a
 * quiet master still shows its shape. With `progress` (0..1) the part already played is drawn
 * in the primary colour; `onSeek` makes it a slider.
 */
export function Waveform({
  peaks,
  progress,
  label,
  onSeek,
  className,
}: {
  peaks: number[];
  progress?: number | null;
  label: string;
  onSeek?: (fraction: number) => void;
  className?: string;
}) {
  const played = Math.round((progress ?? 0) * peaks.length);
  const scale = 100 / Math.max(1, ...peaks);
  const bars = (
    <svg
      viewBox={`0 0 ${peaks.length * 3} 100`}
      preserveAspectRatio="none"
      aria-hidden
      className="size-full"
    >
      {peaks.map((peak, index) => {
        const height = Math.max(2, peak * scale);
        return (
          <rect
            key={index}
            x={index * 3}
            y={(100 - height) / 2}
            width={2}
            height={height}
            rx={1}
            className={index < played ? 'fill-primary' : 'fill-fg-muted/50'}
          />
        );
      })}
    </svg>
  );
  if (!onSeek) {
    return (
      <div role="img" aria-label={label} className={cn('h-12 w-full', className)}>
        {bars}
      </div>
    );
  }
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn(
        'h-12 w-full cursor-pointer focus-visible:outline-2 focus-visible:outline-primary',
        className,
      )}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onSeek(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
      }}
      onKeyDown={(event) => {
        const step = event.key === 'ArrowRight' ? 0.05 : event.key === 'ArrowLeft' ? -0.05 : 0;
        if (!step) return;
        event.preventDefault();
        onSeek(Math.min(1, Math.max(0, (progress ?? 0) + step)));
      }}
    >
      {bars}
    </div>
  );
}
