import clsx from 'clsx';
import { Link } from 'react-router';

/**
 * The sections of a screen as a row of pill links, the current one marked with `aria-current`.
 * Links rather than tabs: every section has its own address, to share or to come back to.
 */
export function SectionLinks<SectionId extends string>({
  label,
  sections,
  current,
  labels,
  href,
  className,
}: {
  /** Names the navigation landmark. */
  label: string;
  sections: readonly SectionId[];
  current: SectionId;
  labels: Record<SectionId, string>;
  href: (section: SectionId) => string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex gap-2 overflow-x-auto [scrollbar-width:none]">
        {sections.map((section) => (
          <li key={section}>
            <Link
              to={href(section)}
              aria-current={section === current ? 'page' : undefined}
              className={clsx(
                'inline-flex h-8 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors',
                section === current ? 'bg-fg text-bg' : 'bg-bg-hover text-fg hover:bg-bg-elevated',
              )}
            >
              {labels[section]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
