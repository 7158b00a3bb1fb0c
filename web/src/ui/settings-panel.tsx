import clsx from 'clsx';
import type { FormEventHandler, ReactNode } from 'react';

interface SettingsPanelProps {
  /** The spec's panel identifier (account-details, contact-info, ...), used as the anchor. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** Actions at the bottom right, usually the save button. */
  actions?: ReactNode;
  /** When set the panel is a form, so Enter in a field submits it. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}

/** One card of the account settings column (VISUAL.md): heading, description, body, actions. */
export function SettingsPanel({
  id,
  title,
  description,
  actions,
  onSubmit,
  className,
  children,
}: SettingsPanelProps) {
  const headingId = `${id}-heading`;
  const body = (
    <>
      <div className="px-6 pt-6">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      </div>
      <div className="px-6 pt-6 pb-6">{children}</div>
      {actions && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-6 py-4">
          {actions}
        </div>
      )}
    </>
  );
  const classes = clsx(
    'scroll-mt-6 rounded-lg border border-border bg-bg-elevated text-fg',
    className,
  );
  return onSubmit ? (
    <form id={id} aria-labelledby={headingId} className={classes} onSubmit={onSubmit} noValidate>
      {body}
    </form>
  ) : (
    <section id={id} aria-labelledby={headingId} className={classes}>
      {body}
    </section>
  );
}
