import type { ReactNode } from 'react';
import { AdSlot } from './ad-slot';

/**
 * The frame of every player screen: the general ad slots above and below the content, and the
 * page padding. `header` runs edge to edge (artist and album headers are tinted to the edges).
 */
export function ScreenLayout({
  header,
  children,
  label,
}: {
  header?: ReactNode;
  children: ReactNode;
  /** Names the screen's region for assistive technology. */
  label?: string;
}) {
  return (
    <div aria-label={label} className="min-h-full pb-12">
      <div className="px-4 pt-4 md:px-8 empty:hidden">
        <AdSlot slot="general_top" className="flex justify-center" />
      </div>
      {header}
      <div className="px-4 md:px-8">
        {children}
        <AdSlot slot="general_bottom" className="mt-12 flex justify-center" />
      </div>
    </div>
  );
}
