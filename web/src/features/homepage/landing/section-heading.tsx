import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  title,
  subtitle,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
}) {
  return (
    <div className="mx-auto mb-10 flex max-w-2xl flex-col items-center gap-3 text-center">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="text-base text-pretty text-fg-muted">{subtitle}</p>}
    </div>
  );
}
