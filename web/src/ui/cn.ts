import clsx, { type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

// tailwind-merge knows Tailwind's default theme; these are the names styles.css adds. Unknown
// to it, `shadow-overlay` would pass for a shadow colour and the animations would never merge.
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      shadow: ['overlay'],
      animate: [
        'fade-in',
        'fade-out',
        'zoom-in',
        'zoom-out',
        'slide-up',
        'slide-down',
        'tray-in',
        'tray-out',
      ],
    },
  },
});

/**
 * Joins class names like clsx, and where two of them set the same thing the later one wins.
 * Tailwind orders its rules by its own stylesheet, not by the order of the classes, so without
 * this a caller's `absolute` could lose to a component's own `relative`.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}

/**
 * Builds tailwind-merge's map of Tailwind's classes, which it otherwise builds on its first
 * merge: some 25 ms of a fast machine's main thread and four times that on a mid-range phone.
 * Called in a task of its own before the first screen is drawn, it does not lengthen the task
 * that draws it.
 */
export function prepareClassMerging(): void {
  twMerge('');
}
