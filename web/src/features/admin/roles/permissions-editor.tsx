import { PERMISSION_RESTRICTIONS, type PermissionDefinition } from '@cadenza/contracts/admin';
import type { Permission } from '@cadenza/contracts/permissions';
import { useTranslation } from '../../../i18n/use-translation';
import { Skeleton } from '../../../ui/skeleton';
import { usePermissionCatalogue } from '../api/admin-api';

/**
 * Ticks for every permission the site knows, grouped as the catalogue groups them; a ticked
 * permission with a quota shows its limit (empty: no limit).
 */
export function PermissionsEditor({
  value,
  onChange,
  label,
}: {
  value: Permission[];
  onChange: (value: Permission[]) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  if (catalogue.isPending) return <Skeleton className="h-40" />;
  if (catalogue.isError) return <p role="alert">{t('The permissions could not be loaded.')}</p>;

  const groups = new Map<string, PermissionDefinition[]>();
  for (const permission of catalogue.data) {
    groups.set(permission.group, [...(groups.get(permission.group) ?? []), permission]);
  }
  const granted = new Map(value.map((grant) => [grant.name, grant]));

  const toggle = (name: string) =>
    onChange(
      granted.has(name)
        ? value.filter((grant) => grant.name !== name)
        : [...value, { name, restrictions: [] }],
    );
  const setLimit = (name: string, restriction: string, text: string) =>
    onChange(
      value.map((grant) => {
        if (grant.name !== name) return grant;
        const others = grant.restrictions.filter((r) => r.name !== restriction);
        const number = Number(text);
        return {
          ...grant,
          restrictions:
            text.trim() === '' || !Number.isFinite(number)
              ? others
              : [...others, { name: restriction, value: number }],
        };
      }),
    );

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {[...groups].map(([group, permissions]) => (
        <div key={group} className="rounded-md border border-border">
          <p className="border-b border-border px-3 py-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {group}
          </p>
          <ul className="divide-y divide-border">
            {permissions.map((permission) => {
              const grant = granted.get(permission.name);
              const id = `permission-${permission.name}`;
              return (
                <li key={permission.name} className="flex flex-col gap-2 px-3 py-2">
                  <div className="flex items-start gap-3">
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-1 size-4 accent-[var(--primary)]"
                      checked={grant !== undefined}
                      onChange={() => toggle(permission.name)}
                    />
                    <label htmlFor={id} className="flex min-w-0 flex-col text-sm">
                      <span className="font-mono text-xs">{permission.name}</span>
                      {permission.description && (
                        <span className="text-fg-muted">{t(permission.description)}</span>
                      )}
                    </label>
                  </div>
                  {grant &&
                    (PERMISSION_RESTRICTIONS[permission.name] ?? []).map((restriction) => (
                      <label
                        key={restriction.name}
                        className="ms-7 flex flex-wrap items-center gap-2 text-sm"
                      >
                        <span className="text-fg-muted">{t(restriction.label)}</span>
                        <input
                          type="number"
                          min={0}
                          inputMode="numeric"
                          placeholder={t('No limit')}
                          className="h-8 w-36 rounded-sm border border-border bg-bg px-2"
                          value={String(
                            grant.restrictions.find((r) => r.name === restriction.name)?.value ??
                              '',
                          )}
                          onChange={(event) =>
                            setLimit(permission.name, restriction.name, event.target.value)
                          }
                        />
                      </label>
                    ))}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}
