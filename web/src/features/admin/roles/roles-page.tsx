import type { AdminRole } from '@cadenza/contracts/admin';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { toast } from '../../../ui/toast/toast-store';
import { useAdminRoles, useDeleteRole } from '../api/admin-api';
import { DataTable, type Column } from '../components/data-table';
import { RoleDialog } from './role-dialog';

/** /admin/roles: what each role grants, the role of new accounts, and the guests' role. */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useAdminRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminRole | null>(null);

  const columns: Column<AdminRole>[] = [
    {
      key: 'name',
      header: 'Role',
      cell: (role) => (
        <div className="min-w-[200px]">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {role.name}
            {role.default && <Tag>{t('New accounts')}</Tag>}
            {role.guests && <Tag>{t('Visitors')}</Tag>}
          </p>
          {role.description && <p className="text-xs text-fg-muted">{role.description}</p>}
        </div>
      ),
    },
    {
      key: 'permissions',
      header: 'Permissions',
      cell: (role) =>
        role.permissions.some((p) => p.name === 'admin')
          ? t('Every permission')
          : t('{{count}} permissions', {
              count: role.permissions.length,
              defaultValue_one: '{{count}} permission',
              defaultValue_other: '{{count}} permissions',
            }),
    },
    {
      key: 'users',
      header: 'Users',
      cell: (role) => (role.guests ? '—' : role.users_count),
    },
    {
      key: 'actions',
      header: '',
      className: 'w-24 text-end whitespace-nowrap',
      cell: (role) => (
        <>
          <IconButton
            label={t('Edit {{name}}', { name: role.name })}
            size="sm"
            onClick={() => setEditing(role)}
          >
            <Pencil size={16} aria-hidden />
          </IconButton>
          {!role.guests && !role.default && (
            <IconButton
              label={t('Delete {{name}}', { name: role.name })}
              size="sm"
              onClick={() => setDeleting(role)}
            >
              <Trash2 size={16} aria-hidden />
            </IconButton>
          )}
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('Roles')}</h1>
        <Button startIcon={<Plus size={18} />} onClick={() => setEditing('new')}>
          {t('Add role')}
        </Button>
      </div>
      {roles.isError ? (
        <PageLoadError inScreen onRetry={() => void roles.refetch()} />
      ) : (
        <DataTable
          label={t('Roles')}
          rows={roles.data}
          columns={columns}
          isLoading={roles.isPending}
          empty={
            <EmptyState
              image={<ShieldCheck size={40} strokeWidth={1.5} />}
              message={t('No roles yet')}
            />
          }
        />
      )}
      <RoleDialog
        open={editing !== null}
        role={editing === 'new' ? null : editing}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete the role {{name}}?', { name: deleting?.name ?? '' })}
        body={t('Its users keep their other roles and lose what only this one granted.')}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.positive(t('Role deleted'));
              setDeleting(null);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}

function Tag({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex h-5 items-center rounded-full border border-border px-2 text-xs font-normal text-fg-muted">
      {children}
    </span>
  );
}
