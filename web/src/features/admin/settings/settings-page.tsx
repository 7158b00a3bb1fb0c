import { SETTING_DEFINITIONS, type SettingKey } from '@cadenza/contracts/settings';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { FieldControl } from './fields/field-control';
import { IntegrationsList } from './integrations-list';
import { useAdminSettings, useSaveSettings, useSendTestMail } from './settings-api';
import type { SettingsScreen } from './settings-screens';

/** The first problem of a value by its setting's own rule, as the admin types. */
function checkValue(key: SettingKey, value: unknown): string | undefined {
  const result = SETTING_DEFINITIONS[key].schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * One settings screen: its fields, checked as the admin types by the same rules as the server;
 * Save sends only what changed, and the server's errors land on their fields.
 */
export function SettingsPage({ screen }: { screen: SettingsScreen }) {
  const { t } = useTranslation();
  const saved = useAdminSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (saved.isPending) {
    return (
      <div className="mx-auto flex max-w-[780px] flex-col gap-4" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (saved.isError) {
    return <PageLoadError inScreen onRetry={() => void saved.refetch()} />;
  }

  const valueOf = (key: SettingKey) => (key in draft ? draft[key] : saved.data.settings[key]);
  const change = (key: SettingKey, value: unknown) => {
    setDraft((current) => ({ ...current, [key]: value }));
    const problem = checkValue(key, value);
    setErrors(({ [key]: _, ...rest }) => (problem ? { ...rest, [key]: t(problem) } : rest));
  };
  const changed = Object.keys(draft).length > 0;
  const hasErrors = Object.keys(errors).length > 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (hasErrors) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft({});
        toast.positive(t('Settings saved'));
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
          setErrors(error.fieldErrors);
        } else showError(error, t);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex max-w-[780px] flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t(screen.title)}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t(screen.description)}</p>
        </div>
        {screen.path === 'mail' && <TestMailButton />}
      </header>
      {screen.path === 'authentication' && <IntegrationsList />}
      {screen.groups.map((group, index) => (
        <section
          key={group.title ?? index}
          aria-label={group.title ? t(group.title) : undefined}
          className="flex flex-col gap-5 rounded-lg border border-border p-4 sm:p-6"
        >
          {group.title && (
            <div>
              <h2 className="text-base font-semibold">{t(group.title)}</h2>
              {group.description && <p className="text-sm text-fg-muted">{t(group.description)}</p>}
            </div>
          )}
          {group.fields.map((field) => (
            <FieldControl
              key={field.key}
              field={field}
              value={valueOf(field.key)}
              isSecretSet={saved.data.secrets[field.key] ?? false}
              error={errors[field.key]}
              onChange={(value) => change(field.key, value)}
              valueOf={valueOf}
              change={change}
            />
          ))}
        </section>
      ))}
      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-bg py-3">
        <Button
          type="button"
          variant="text"
          disabled={!changed || save.isPending}
          onClick={() => {
            setDraft({});
            setErrors({});
          }}
        >
          {t('Discard changes')}
        </Button>
        <Button type="submit" disabled={!changed || hasErrors} isLoading={save.isPending}>
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}

/** The mail screen's check: a test message to the signed-in admin with the settings as saved. */
function TestMailButton() {
  const { t } = useTranslation();
  const send = useSendTestMail();
  return (
    <Button
      type="button"
      variant="outline"
      startIcon={<Mail size={16} />}
      isLoading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: ({ message }) => toast.positive(t(message)),
          onError: (error) => showError(error, t),
        })
      }
    >
      {t('Send a test e-mail')}
    </Button>
  );
}
