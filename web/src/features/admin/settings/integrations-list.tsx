import { CircleCheck, CircleMinus } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { Skeleton } from '../../../ui/skeleton';
import { useIntegrations } from './settings-api';

/**
 * Which integrations the server's environment sets up. Read-only: their secrets live in the
 * environment, so the screen only says whether each one is there, and by which variables.
 */
export function IntegrationsList() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  return (
    <section
      aria-label={t('Integrations')}
      className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:p-6"
    >
      <div>
        <h2 className="text-base font-semibold">{t('Integrations')}</h2>
        <p className="text-sm text-fg-muted">{t('Set up in the server’s environment.')}</p>
      </div>
      {integrations.isPending ? (
        <Skeleton className="h-10" />
      ) : integrations.isError ? (
        <p className="text-sm text-danger">{t('Could not load the integrations.')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {integrations.data.integrations.map((integration) => (
            <li key={integration.id} className="flex items-start gap-3 py-2">
              {integration.configured ? (
                <CircleCheck size={18} className="mt-0.5 shrink-0 text-positive" aria-hidden />
              ) : (
                <CircleMinus size={18} className="mt-0.5 shrink-0 text-fg-muted" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {integration.name}
                  <span className="sr-only">: </span>
                  <span className="ml-2 text-sm font-normal text-fg-muted">
                    {integration.configured ? t('Configured') : t('Not configured')}
                  </span>
                </p>
                <p className="break-words font-mono text-xs text-fg-muted">
                  {integration.variables.join(', ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
