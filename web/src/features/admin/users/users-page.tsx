import type { AdminUser } from '@cadenza/contracts/admin';
import { Ban, LogIn, MoreHorizontal, Pencil, Plus, ShieldCheck, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { showError } from '../../../app/error-handling/handle-error';
import { useAuthUser } from '../../../api/bootstrap';
import { Badge } from '../../../ui/badge';
import { Button, IconButton } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Menu, MenuItem, MenuSeparator } from '../../../ui/menu';
import { Select, SelectItem } from '../../../ui/select';
import { toast } from '../../../ui/toast/toast-store';
import { UserAvatar } from '../../../ui/user-avatar';
import {
  useAdminRoles,
  useAdminUsers,
  useDeleteUsers,
  useImpersonate,
  useUnbanUser,
} from '../api/admin-api';
import { DataTable, type Column } from '../components/data-table';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { useListParams } from '../components/use-list-params';
import { BanDialog } from './ban-dialog';
import { UserDialog } from './user-dialog';
import { useAdminDates } from '../components/admin-dates';
import { browserLocation } from '../../../app/browser-location';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'ban'; user: AdminUser }
  | { kind: 'delete'; users: AdminUser[] }
  | { kind: 'impersonate'; user: AdminUser };

const ANY = 'any';

/** /admin/users: search, filter, sort and page the accounts; create, edit, ban, delete. */
export function UsersPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const me = useAuthUser();
  const { params, apiParams, update } = useListParams();
  const users = useAdminUsers(apiParams);
  const roles = useAdminRoles();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteUsers();
  const unban = useUnbanUser();
  const impersonate = useImpersonate();
  const close = () => setDialog(null);

  const filter = (name: string, label: string, options: [string, string][]) => (
    <Select
      aria-label={label}
      size="sm"
      value={params.filters[name] ?? ANY}
      onValueChange={(value) => update({ [name]: value === ANY ? undefined : value })}
      className="w-full sm:w-40"
    >
      <SelectItem value={ANY}>{label}</SelectItem>
      {options.map(([value, text]) => (
        <SelectItem key={value} value={value}>
          {text}
        </SelectItem>
      ))}
    </Select>
  );

  const columns: Column<AdminUser>[] = [
    {
      key: 'user',
      header: 'User',
      sortBy: 'email',
      cell: (user) => (
        <div className="flex min-w-[220px] items-center gap-3">
          <UserAvatar user={user} className="size-9" />
          <div className="min-w-0">
            <p className="truncate font-medium">{user.display_name}</p>
            <p className="truncate text-xs text-fg-muted">{user.email}</p>
          </div>
        </div>
      ),
    },
    {
      key: 'roles',
      header: 'Roles',
      cell: (user) => user.roles.map((role) => role.name).join(', ') || '—',
    },
    {
      key: 'status',
      header: 'Status',
      cell: (user) => (
        <div className="flex flex-wrap gap-1">
          {user.ban ? (
            <Badge tone="danger">{t('Banned')}</Badge>
          ) : user.email_verified_at ? (
            <Badge tone="positive">{t('Verified')}</Badge>
          ) : (
            <Badge>{t('Not verified')}</Badge>
          )}
          {user.subscribed && <Badge tone="primary">{t('Subscribed')}</Badge>}
        </div>
      ),
    },
    {
      key: 'created_at',
      header: 'Joined',
      sortBy: 'created_at',
      className: 'whitespace-nowrap',
      cell: (user) => dates.date(user.created_at),
    },
    {
      key: 'actions',
      header: '',
      className: 'w-12 text-end',
      cell: (user) => (
        <Menu
          align="end"
          trigger={
            <IconButton label={t('Actions for {{name}}', { name: user.display_name })} size="sm">
              <MoreHorizontal size={18} aria-hidden />
            </IconButton>
          }
        >
          <MenuItem
            startIcon={<Pencil size={16} />}
            onSelect={() => setDialog({ kind: 'edit', user })}
          >
            {t('Edit')}
          </MenuItem>
          {user.id !== me?.id &&
            (user.ban ? (
              <MenuItem
                startIcon={<ShieldCheck size={16} />}
                onSelect={() =>
                  unban.mutate(user.id, {
                    onSuccess: () => toast.positive(t('Ban lifted')),
                    onError: (error) => showError(error, t),
                  })
                }
              >
                {t('Lift the ban')}
              </MenuItem>
            ) : (
              <>
                <MenuItem
                  startIcon={<LogIn size={16} />}
                  onSelect={() => setDialog({ kind: 'impersonate', user })}
                >
                  {t('Sign in as this user')}
                </MenuItem>
                <MenuItem
                  startIcon={<Ban size={16} />}
                  onSelect={() => setDialog({ kind: 'ban', user })}
                >
                  {t('Ban')}
                </MenuItem>
              </>
            ))}
          {user.id !== me?.id && (
            <>
              <MenuSeparator />
              <MenuItem
                variant="danger"
                startIcon={<Trash2 size={16} />}
                onSelect={() => setDialog({ kind: 'delete', users: [user] })}
              >
                {t('Delete')}
              </MenuItem>
            </>
          )}
        </Menu>
      ),
    },
  ];

  const selectedUsers = users.data?.data.filter((user) => selected.has(user.id)) ?? [];
  const filtered = params.query !== '' || Object.keys(params.filters).length > 0;

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('Users')}</h1>
        <Button startIcon={<Plus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
          {t('Add user')}
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchField
          label={t('Search users')}
          value={params.query}
          onChange={(query) => update({ query })}
        />
        {filter(
          'role_id',
          t('Any role'),
          (roles.data ?? [])
            .filter((role) => !role.guests)
            .map((role) => [String(role.id), role.name]),
        )}
        {filter('banned', t('Any status'), [
          ['false', t('Active')],
          ['true', t('Banned')],
        ])}
        {filter('verified', t('Verified or not'), [
          ['true', t('Verified')],
          ['false', t('Not verified')],
        ])}
        {filter('subscribed', t('Any plan'), [
          ['true', t('Subscribed')],
          ['false', t('Not subscribed')],
        ])}
        {selected.size > 0 && (
          <Button
            variant="danger"
            size="sm"
            startIcon={<Trash2 size={16} />}
            onClick={() => setDialog({ kind: 'delete', users: selectedUsers })}
            disabled={selectedUsers.length === 0}
          >
            {t('Delete {{count}} selected', { count: selectedUsers.length })}
          </Button>
        )}
      </div>
      {users.isError ? (
        <PageLoadError inScreen onRetry={() => void users.refetch()} />
      ) : (
        <DataTable
          label={t('Users')}
          rows={users.data?.data}
          columns={columns}
          isLoading={users.isPending}
          orderBy={params.orderBy}
          orderDir={params.orderDir}
          onSort={(orderBy, orderDir) => update({ orderBy, orderDir })}
          selected={selected}
          onSelectedChange={(next) => setSelected(new Set([...next].filter((id) => id !== me?.id)))}
          rowLabel={(user) => user.display_name}
          empty={
            <EmptyState
              image={<Users size={40} strokeWidth={1.5} />}
              message={filtered ? t('No users match this search') : t('No users yet')}
              description={filtered ? t('Try other words or clear the filters.') : undefined}
              className="rounded-lg border border-border"
            />
          }
        />
      )}
      <Pager pagination={users.data} onPage={(page) => update({ page })} />

      <UserDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        user={dialog?.kind === 'edit' ? dialog.user : null}
        onOpenChange={(open) => !open && close()}
      />
      <BanDialog
        user={dialog?.kind === 'ban' ? dialog.user : null}
        onOpenChange={(open) => !open && close()}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={
          dialog?.kind === 'delete' && dialog.users.length > 1
            ? t('Delete {{count}} users?', {
                count: dialog.users.length,
                defaultValue_one: 'Delete {{count}} user?',
                defaultValue_other: 'Delete {{count}} users?',
              })
            : t('Delete this user?')
        }
        body={t(
          'Their playlists, likes, files and sessions are deleted with them. This cannot be undone.',
        )}
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          dialog?.kind === 'delete' &&
          remove.mutate(
            dialog.users.map((user) => user.id),
            {
              onSuccess: () => {
                toast.positive(
                  dialog.users.length > 1
                    ? t('{{count}} users deleted', {
                        count: dialog.users.length,
                        defaultValue_one: '{{count}} user deleted',
                        defaultValue_other: '{{count}} users deleted',
                      })
                    : t('User deleted'),
                );
                setSelected(new Set());
                close();
              },
              onError: (error) => showError(error, t),
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'impersonate'}
        onOpenChange={(open) => !open && close()}
        title={t('Sign in as {{name}}?', {
          name: dialog?.kind === 'impersonate' ? dialog.user.display_name : '',
        })}
        body={t('You will see the site as they do. A banner at the top takes you back.')}
        confirmLabel={t('Sign in as this user')}
        isPending={impersonate.isPending}
        onConfirm={() =>
          dialog?.kind === 'impersonate' &&
          impersonate.mutate(dialog.user.id, {
            // A full load: the site starts again with the user's bootstrap data.
            onSuccess: () => browserLocation.assign('/'),
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}
