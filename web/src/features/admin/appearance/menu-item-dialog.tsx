import type { AdminRole } from '@cadenza/contracts/admin';
import type { MenuItem } from '@cadenza/contracts/menus';
import { SETTING_DEFINITIONS } from '@cadenza/contracts/settings';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button, IconButton } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';

const PUBLIC_SETTINGS = Object.entries(SETTING_DEFINITIONS)
  .filter(([, definition]) => definition.public)
  .map(([key]) => key);

type Condition = { key: string; value: string };

/** A condition's text as the value it stands for: on and off are switches. */
const conditionValue = (text: string): unknown =>
  text === 'true' ? true : text === 'false' ? false : text;

/** Problems of an item, by field, before it goes into the menu. */
function problemsOf(item: MenuItem, translate: (text: string) => string) {
  const problems: Record<string, string> = {};
  if (!item.label.trim()) problems.label = translate('Give the item a label.');
  if (item.type === 'route' && !item.action.startsWith('/')) {
    problems.action = translate('A page of the site starts with /.');
  }
  if (item.type === 'link' && !/^https?:\/\/\S+$/.test(item.action)) {
    problems.action = translate('Enter a full address that starts with https://.');
  }
  return problems;
}

/**
 * One menu item: its label and where it goes, and who sees it (roles, permissions, settings,
 * subscription), with the same rules the site applies (`isVisibleTo`).
 */
export function MenuItemDialog({
  item,
  isNew,
  roles,
  onSave,
  onClose,
}: {
  item: MenuItem;
  isNew: boolean;
  /** Null when the admin may not read roles: the item's roles are kept as they are. */
  roles: AdminRole[] | null;
  onSave: (item: MenuItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MenuItem>(item);
  const [permissions, setPermissions] = useState((item.permissions ?? []).join(', '));
  const [conditions, setConditions] = useState<Condition[]>(
    Object.entries(item.settings ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  );
  const [shownProblems, setShownProblems] = useState<Record<string, string>>({});
  const change = (patch: Partial<MenuItem>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(draft, t);
    setShownProblems(problems);
    if (Object.keys(problems).length > 0) return;
    const names = permissions
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const settings = Object.fromEntries(
      conditions
        .filter((c) => c.key.trim())
        .map((c) => [c.key.trim(), conditionValue(c.value.trim())]),
    );
    const { permissions: _p, settings: _s, ...rest } = draft;
    onSave({
      ...rest,
      label: draft.label.trim(),
      action: draft.action.trim(),
      ...(names.length > 0 ? { permissions: names } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} size="lg">
      <DialogHeader>{isNew ? t('Add menu item') : t('Edit menu item')}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Label')}
            required
            autoFocus
            value={draft.label}
            errorMessage={shownProblems.label}
            onChange={(event) => change({ label: event.target.value })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label={t('Type')}
              value={draft.type}
              onValueChange={(type) => change({ type: type as MenuItem['type'] })}
            >
              <SelectItem value="route">{t('Page of the site')}</SelectItem>
              <SelectItem value="link">{t('Link to another site')}</SelectItem>
            </Select>
            <Select
              label={t('Opens in')}
              value={draft.target ?? '_self'}
              onValueChange={(target) => change({ target: target as MenuItem['target'] })}
            >
              <SelectItem value="_self">{t('The same tab')}</SelectItem>
              <SelectItem value="_blank">{t('A new tab')}</SelectItem>
            </Select>
          </div>
          <TextField
            label={draft.type === 'route' ? t('Path') : t('Address')}
            required
            value={draft.action}
            placeholder={draft.type === 'route' ? '/discover' : 'https://'}
            errorMessage={shownProblems.action}
            onChange={(event) => change({ action: event.target.value })}
          />
          <TextField
            label={t('Icon')}
            description={t('The name of a Lucide icon, like music or star. Leave empty for none.')}
            value={draft.icon ?? ''}
            onChange={(event) => {
              const { icon: _icon, ...rest } = draft;
              setDraft(event.target.value ? { ...rest, icon: event.target.value } : rest);
            }}
          />
          <Select
            label={t('Shown to')}
            value={draft.subscriptionStatus ?? 'anyone'}
            onValueChange={(status) => {
              const { subscriptionStatus: _status, ...rest } = draft;
              setDraft(
                status === 'anyone'
                  ? rest
                  : { ...rest, subscriptionStatus: status as 'subscribed' | 'notSubscribed' },
              );
            }}
          >
            <SelectItem value="anyone">{t('Everyone')}</SelectItem>
            <SelectItem value="subscribed">{t('Subscribers only')}</SelectItem>
            <SelectItem value="notSubscribed">{t('Only those without a subscription')}</SelectItem>
          </Select>
          {roles && roles.length > 0 && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">{t('Only for these roles')}</legend>
              {roles.map((role) => (
                <Checkbox
                  key={role.id}
                  label={role.name}
                  checked={(draft.roles ?? []).includes(role.id)}
                  onCheckedChange={(checked) => {
                    const ids = (draft.roles ?? []).filter((id) => id !== role.id);
                    const { roles: _roles, ...rest } = draft;
                    const next = checked ? [...ids, role.id] : ids;
                    setDraft(next.length > 0 ? { ...rest, roles: next } : rest);
                  }}
                />
              ))}
            </fieldset>
          )}
          <TextField
            label={t('Only with these permissions')}
            description={t('Permission names separated by commas, like music.view.')}
            value={permissions}
            onChange={(event) => setPermissions(event.target.value)}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('Only when settings match')}</legend>
            <datalist id="public-settings">
              {PUBLIC_SETTINGS.map((key) => (
                <option key={key} value={key} />
              ))}
            </datalist>
            {conditions.map((condition, i) => (
              <div key={i} className="flex items-end gap-2">
                <TextField
                  className="flex-1"
                  label={t('Setting')}
                  list="public-settings"
                  value={condition.key}
                  onChange={(event) =>
                    setConditions(
                      conditions.map((c, j) => (j === i ? { ...c, key: event.target.value } : c)),
                    )
                  }
                />
                <TextField
                  className="w-32"
                  label={t('Value')}
                  value={condition.value}
                  onChange={(event) =>
                    setConditions(
                      conditions.map((c, j) => (j === i ? { ...c, value: event.target.value } : c)),
                    )
                  }
                />
                <IconButton
                  label={t('Remove condition')}
                  size="sm"
                  onClick={() => setConditions(conditions.filter((_, j) => j !== i))}
                >
                  <Trash2 size={16} aria-hidden />
                </IconButton>
              </div>
            ))}
            <div>
              <Button
                size="sm"
                variant="text"
                startIcon={<Plus size={16} />}
                onClick={() => setConditions([...conditions, { key: '', value: 'true' }])}
              >
                {t('Add condition')}
              </Button>
            </div>
          </fieldset>
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit">{isNew ? t('Add') : t('Done')}</Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
