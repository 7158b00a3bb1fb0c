import {
  HOMEPAGE_TYPES,
  SETTING_DEFINITIONS,
  type RegistrationPolicy,
  type SettingKey,
} from '@cadenza/contracts/settings';
import { Mail, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Select, SelectGroup, SelectItem } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { TextField } from '../../../ui/text-field';
import { TextArea } from '../../../ui/text-area';
import { ImageField } from '../../../ui/image-field';
import { toast } from '../../../ui/toast/toast-store';
import {
  useAdminSettings,
  useHomepageOptions,
  useSaveSettings,
  useSendTestMail,
  useTimezoneList,
  useUploadBrandingImage,
} from './settings-api';
import type { SettingField, SettingsScreen } from './settings-screens';

const MB = 1024 * 1024;

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

interface FieldControlProps {
  field: SettingField;
  value: unknown;
  isSecretSet: boolean;
  error: string | undefined;
  onChange: (value: unknown) => void;
  valueOf: (key: SettingKey) => unknown;
  change: (key: SettingKey, value: unknown) => void;
}

function FieldControl({
  field,
  value,
  isSecretSet,
  error,
  onChange,
  valueOf,
  change,
}: FieldControlProps) {
  const { t } = useTranslation();
  const label = t(field.label);
  const description =
    'description' in field && field.description ? t(field.description) : undefined;
  switch (field.kind) {
    case 'switch':
      return (
        <Switch
          label={label}
          description={description}
          checked={value === true}
          onCheckedChange={onChange}
          errorMessage={error}
        />
      );
    case 'text':
    case 'email':
      return (
        <TextField
          label={label}
          description={description}
          type={field.kind}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
          errorMessage={error}
        />
      );
    case 'textarea':
      return (
        <TextArea
          label={label}
          description={description}
          value={String(value ?? '')}
          error={error}
          onChange={onChange}
        />
      );
    case 'secret':
      return (
        <TextField
          label={label}
          type="password"
          autoComplete="new-password"
          description={
            isSecretSet ? t('Saved. Type a new one to replace it.') : (description ?? t('Not set.'))
          }
          placeholder={isSecretSet ? '••••••••' : undefined}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
          errorMessage={error}
        />
      );
    case 'number': {
      const scale = field.unit === 'MB' ? MB : 1;
      return (
        <TextField
          label={field.unit ? `${label} (${field.unit})` : label}
          description={description}
          type="number"
          min={0}
          inputMode="decimal"
          value={typeof value === 'number' ? String(Math.round((value / scale) * 100) / 100) : ''}
          onChange={(event) =>
            onChange(
              event.target.value === '' ? null : Math.round(Number(event.target.value) * scale),
            )
          }
          errorMessage={error}
        />
      );
    }
    case 'select':
      return (
        <Select
          label={label}
          description={description}
          value={String(value)}
          onValueChange={onChange}
        >
          {field.options.map(([option, text]) => (
            <SelectItem key={option} value={option}>
              {t(text)}
            </SelectItem>
          ))}
        </Select>
      );
    case 'list':
      return (
        <TextArea
          label={label}
          description={description}
          value={(Array.isArray(value) ? value : []).join('\n')}
          error={error}
          onChange={(text) =>
            onChange(
              text
                .split(/[\n,]/)
                .map((part) => part.trim())
                .filter(Boolean),
            )
          }
        />
      );
    case 'image':
      return (
        <BrandingImageField
          label={label}
          description={description}
          image={field.image}
          url={String(value ?? '')}
        />
      );
    case 'timezone':
      return (
        <TimezoneField
          label={label}
          description={description}
          value={String(value)}
          onChange={onChange}
          error={error}
        />
      );
    case 'homepage':
      return <HomepageField valueOf={valueOf} change={change} />;
    case 'policies':
      return (
        <PoliciesField
          label={label}
          description={description}
          value={(value as RegistrationPolicy[] | undefined) ?? []}
          onChange={onChange}
          error={error}
        />
      );
  }
}

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

function BrandingImageField({
  label,
  description,
  image,
  url,
}: {
  label: string;
  description?: string | undefined;
  image: string;
  url: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadBrandingImage();
  return (
    <ImageField
      label={label}
      description={description}
      url={url}
      isLoading={upload.isPending}
      onFile={(file) =>
        upload.mutate(
          { image, file },
          {
            onSuccess: () => toast.positive(t('Picture saved')),
            onError: (error) => showError(error, t),
          },
        )
      }
    />
  );
}

function TimezoneField({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const lists = useTimezoneList();
  return (
    <Select
      label={label}
      description={description}
      value={value}
      onValueChange={onChange}
      errorMessage={error}
    >
      <SelectItem value="auto">{t('The browser’s timezone')}</SelectItem>
      {Object.entries(lists.data?.timezones ?? {}).map(([region, zones]) => (
        <SelectGroup key={region} label={region}>
          {zones.map((zone) => (
            <SelectItem key={zone.value} value={zone.value}>
              {zone.text}
            </SelectItem>
          ))}
        </SelectGroup>
      ))}
    </Select>
  );
}

const HOMEPAGE_LABELS: Record<(typeof HOMEPAGE_TYPES)[number], string> = {
  landing: 'The landing page',
  login: 'Login page',
  register: 'Registration page',
  customPage: 'A custom page',
  channel: 'A channel',
};

/** What visitors see at /: the landing page, login, registration, a custom page or a channel. */
function HomepageField({
  valueOf,
  change,
}: {
  valueOf: (key: SettingKey) => unknown;
  change: (key: SettingKey, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const type = String(valueOf('homepage.type'));
  const target = String(valueOf('homepage.value') ?? '');
  const pages = useHomepageOptions(type);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t('Homepage')}
        value={type}
        onValueChange={(next) => {
          change('homepage.type', next);
          change('homepage.value', '');
        }}
      >
        {HOMEPAGE_TYPES.map((option) => (
          <SelectItem key={option} value={option}>
            {t(HOMEPAGE_LABELS[option])}
          </SelectItem>
        ))}
      </Select>
      {(type === 'customPage' || type === 'channel') &&
        (pages.data ? (
          <Select
            label={type === 'customPage' ? t('Page') : t('Channel')}
            value={target || undefined}
            placeholder={t('Choose one')}
            onValueChange={(next) => change('homepage.value', next)}
          >
            {pages.data.map(([slug, name]) => (
              <SelectItem key={slug} value={slug}>
                {name}
              </SelectItem>
            ))}
          </Select>
        ) : (
          <TextField
            label={type === 'customPage' ? t('Page slug') : t('Channel slug')}
            value={target}
            onChange={(event) => change('homepage.value', event.target.value)}
          />
        ))}
    </div>
  );
}

function PoliciesField({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string | undefined;
  value: RegistrationPolicy[];
  onChange: (value: RegistrationPolicy[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<RegistrationPolicy>) =>
    onChange(value.map((policy, at) => (at === index ? { ...policy, ...patch } : policy)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">{label}</legend>
      {description && <p className="text-sm text-fg-muted">{description}</p>}
      {value.map((policy, index) => (
        <div key={policy.id} className="flex flex-wrap items-end gap-2">
          <TextField
            label={t('Name')}
            value={policy.name}
            onChange={(event) => update(index, { name: event.target.value })}
            className="min-w-40 flex-1"
          />
          <TextField
            label={t('Link')}
            value={policy.action}
            placeholder="/pages/terms-of-service"
            onChange={(event) => update(index, { action: event.target.value })}
            className="min-w-40 flex-1"
          />
          <IconButton
            label={t('Remove {{name}}', { name: policy.name || t('this policy') })}
            onClick={() => onChange(value.filter((_, at) => at !== index))}
          >
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </div>
      ))}
      {error && <p className="text-sm text-danger">{error}</p>}
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          startIcon={<Plus size={16} />}
          onClick={() => onChange([...value, { id: `policy-${Date.now()}`, name: '', action: '' }])}
        >
          {t('Add a policy')}
        </Button>
      </div>
    </fieldset>
  );
}
