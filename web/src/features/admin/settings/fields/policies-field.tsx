import type { RegistrationPolicy } from '@cadenza/contracts/settings';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../../i18n/use-translation';
import { Button, IconButton } from '../../../../ui/button';
import { TextField } from '../../../../ui/text-field';

/** The policies a new user accepts when registering: each a name and a link to its text. */
export function PoliciesField({
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
