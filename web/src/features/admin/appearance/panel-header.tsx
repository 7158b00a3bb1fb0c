import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';

/** A panel's title with the way back to the list above it. */
export function PanelHeader({
  back,
  title,
  actions,
}: {
  back: string;
  title: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex items-center gap-2">
      <Link
        to={back}
        className="inline-flex size-9 items-center justify-center rounded-full hover:bg-bg-hover"
        aria-label={t('Back')}
      >
        <ArrowLeft size={18} aria-hidden className="rtl:rotate-180" />
      </Link>
      <h2 className="min-w-0 flex-1 truncate text-base font-semibold">{title}</h2>
      {actions}
    </div>
  );
}
