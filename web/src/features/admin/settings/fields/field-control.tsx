import type { RegistrationPolicy, SettingKey } from '@cadenza/contracts/settings';
import { useTranslation } from '../../../../i18n/use-translation';
import { Select, SelectItem } from '../../../../ui/select';
import { Switch } from '../../../../ui/switch';
import { TextArea } from '../../../../ui/text-area';
import { TextField } from '../../../../ui/text-field';
import type { SettingField } from '../settings-screens';
import { BrandingImageField } from './branding-image-field';
import { HomepageField } from './homepage-field';
import { PoliciesField } from './policies-field';
import { TimezoneField } from './timezone-field';

const MB = 1024 * 1024;

interface FieldControlProps {
  field: SettingField;
  value: unknown;
  isSecretSet: boolean;
  error: string | undefined;
  onChange: (value: unknown) => void;
  valueOf: (key: SettingKey) => unknown;
  change: (key: SettingKey, value: unknown) => void;
}

/** The control of one setting, by its field's kind; its value as the form holds it. */
export function FieldControl({
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
