import { ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';

/** 403: the admin lacks this section's permission. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <EmptyState
      image={<ShieldOff size={40} strokeWidth={1.5} />}
      message={t("You don't have access to this section")}
      description={t('Ask an admin for the permission it needs.')}
      action={
        <Button asChild variant="outline">
          <Link to="/">{t('Back to the site')}</Link>
        </Button>
      }
      className="py-24"
    />
  );
}
