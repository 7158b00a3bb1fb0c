import {
  FAMILY_MESSAGES,
  FAMILY_PRODUCT_ID,
  type FamilyAccounts,
} from '@cadenza/contracts/billing';
import type { User } from '@cadenza/contracts/users';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast/toast-store';
import { SettingsPanel } from '../../ui/settings-panel';
import { useChildAccounts, useSaveFamilyEmails } from './api/billing-api';

type Slot = 'email1' | 'email2' | 'email3';
const SLOTS: Slot[] = ['email1', 'email2', 'email3'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The holder's Family subscription, if they have one that grants the plan now. */
export function familySubscriptionOf(user: User): { id: number } | undefined {
  return user.subscriptions?.find(
    (subscription) =>
      subscription.product_id === FAMILY_PRODUCT_ID && subscription.valid && !subscription.family,
  );
}

const TITLE = 'Family members';
const DESCRIPTION = 'Add up to three people to your Family plan. Each uses their own account.';

/**
 * The Family plan's member e-mails (spec sections 2, 5 and 8): three slots; a filled one is
 * locked until Edit is pressed; at least one must be filled; saved with the server's words.
 */
export function FamilyMembersPanel({
  user,
  subscriptionId,
}: {
  user: User;
  subscriptionId: number;
}) {
  const { t } = useTranslation();
  const accounts = useChildAccounts(user);
  if (accounts.data?.status === 'success') {
    const saved = accounts.data.accounts;
    return (
      <FamilyMembersForm
        // Saved again (or elsewhere): the form starts over from what is stored.
        key={[saved.email_1, saved.email_2, saved.email_3].join('|')}
        user={user}
        subscriptionId={subscriptionId}
        saved={saved}
      />
    );
  }
  return (
    <SettingsPanel id="family-members" title={t(TITLE)} description={t(DESCRIPTION)}>
      {accounts.isPending ? (
        <div aria-busy className="flex flex-col gap-4">
          {SLOTS.map((slot) => (
            <Skeleton key={slot} className="h-10.5" />
          ))}
        </div>
      ) : (
        <p role="alert" className="text-sm text-fg-muted">
          {accounts.data?.status === 'blocked'
            ? accounts.data.message
            : t('We could not load your Family members. Reload the page to try again.')}
        </p>
      )}
    </SettingsPanel>
  );
}

function FamilyMembersForm({
  user,
  subscriptionId,
  saved,
}: {
  user: User;
  subscriptionId: number;
  saved: FamilyAccounts;
}) {
  const { t } = useTranslation();
  const save = useSaveFamilyEmails();
  const stored: Record<Slot, string> = {
    email1: saved.email_1 ?? '',
    email2: saved.email_2 ?? '',
    email3: saved.email_3 ?? '',
  };
  const [values, setValues] = useState(stored);
  const [editing, setEditing] = useState<Slot | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Slot, string>>>({});

  // Save waits for a valid form (spec section 5): at least one e-mail, every one well formed.
  const filled = SLOTS.map((slot) => values[slot].trim()).filter(Boolean);
  const valid = filled.length > 0 && filled.every((email) => EMAIL.test(email));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Slot, string>> = {};
    for (const slot of SLOTS) {
      const value = values[slot].trim();
      if (value && !EMAIL.test(value)) problems[slot] = t('Enter a valid email address.');
    }
    if (SLOTS.every((slot) => !values[slot].trim())) {
      setErrors({ email1: FAMILY_MESSAGES.atLeastOne });
      return;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      {
        userId: user.id,
        subscriptionId,
        emails: {
          email1: values.email1.trim() || null,
          email2: values.email2.trim() || null,
          email3: values.email3.trim() || null,
          editingField: editing,
        },
      },
      {
        onSuccess: (response) => toast.positive(response.message),
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors as Partial<Record<Slot, string>>);
          } else if (isApiError(error) && error.serverMessage) {
            toast.danger(error.serverMessage);
          } else if (isApiError(error)) {
            toast.danger(t('We could not save your Family members. Try again.'));
          } else {
            toast.danger(t('Something went wrong. Try again later.'));
          }
        },
      },
    );
  };

  return (
    <SettingsPanel
      id="family-members"
      title={t(TITLE)}
      description={t(DESCRIPTION)}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={!valid} isLoading={save.isPending}>
          {t('Save')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        {SLOTS.map((slot, index) => {
          const locked = Boolean(stored[slot]) && editing !== slot;
          const label = t('Member {{number}}', { number: index + 1 });
          return (
            <div key={slot} className="flex items-end gap-2">
              <TextField
                className="flex-1"
                type="email"
                autoComplete="off"
                label={label}
                placeholder={t('name@example.com')}
                value={values[slot]}
                readOnly={locked}
                aria-readonly={locked || undefined}
                errorMessage={errors[slot] && t(errors[slot])}
                onChange={(event) => {
                  setValues((current) => ({ ...current, [slot]: event.target.value }));
                  setErrors({});
                }}
                startAdornment={<Users aria-hidden size={16} />}
              />
              {locked && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setEditing(slot)}
                  aria-label={t('Edit {{member}}', { member: label })}
                >
                  {t('Edit')}
                </Button>
              )}
            </div>
          );
        })}
      </div>
    </SettingsPanel>
  );
}
