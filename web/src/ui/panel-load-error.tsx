import { useTranslation } from '../i18n/use-translation';
import { Button } from './button';

/** The body of a settings panel whose data failed to load, with a retry (VISUAL.md states). */
export function PanelLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-sm">{t('There was an issue loading this page')}</p>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </div>
  );
}
