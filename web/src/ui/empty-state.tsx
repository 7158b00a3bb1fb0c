import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { cn } from './cn';

export interface EmptyStateProps {
  /** One helpful sentence; defaults to 'There are no items matching your query.' */
  message?: ReactNode;
  description?: ReactNode;
  /** An illustration or icon shown above the message; decorative. */
  image?: ReactNode;
  /** Usually one Button that helps the user fill the list. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ message, description, image, action, className }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-4 px-6 py-12 text-center',
        className,
      )}
    >
      {image && (
        <div aria-hidden className="flex items-center justify-center text-fg-muted">
          {image}
        </div>
      )}
      <div className="flex max-w-md flex-col gap-1">
        <p className="text-base font-medium text-fg">
          {message ?? t('There are no items matching your query.')}
        </p>
        {description && <p className="text-sm text-fg-muted">{description}</p>}
      </div>
      {action}
    </div>
  );
}
