import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../../../ui/empty-state';
import { AdSlot } from './ad-slot';
import { LoadError } from './screen-states';

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

/** A screen whose data is still loading: the shape of its header and content, marked busy. */
export function ScreenSkeleton({
  header,
  children,
  className,
}: {
  header: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <ScreenLayout header={header}>
      <div aria-busy className={className}>
        {children}
      </div>
    </ScreenLayout>
  );
}

/** A screen whose data failed to load: no header to show, only why (not found, or an error to retry). */
export function ScreenLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ScreenLayout>
      <LoadError error={error} onRetry={onRetry} headingLevel={1} />
    </ScreenLayout>
  );
}

/** A screen with nothing to show this visitor: why, in a sentence or two, and one way on. */
export function ScreenNotice({
  icon: Icon,
  message,
  description,
  action,
}: {
  icon: LucideIcon;
  message: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <ScreenLayout>
      <EmptyState
        className="py-24"
        image={<Icon className="size-12" />}
        message={message}
        description={description}
        action={action}
      />
    </ScreenLayout>
  );
}
