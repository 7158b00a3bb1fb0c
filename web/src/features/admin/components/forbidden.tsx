import { ShieldOff } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';

/** 403: the admin lacks this section's permission. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-24 text-center">
      <ShieldOff size={40} strokeWidth={1.5} aria-hidden className="text-fg-muted" />
      <h1 className="text-xl font-semibold">{t("You don't have access to this section")}</h1>
      <p className="max-w-md text-sm text-fg-muted">
        {t('Ask an admin for the permission it needs.')}
      </p>
      <Button asChild variant="outline">
        <Link to="/">{t('Back to the site')}</Link>
      </Button>
    </div>
  );
}
