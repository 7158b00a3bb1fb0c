import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  type AdminUser,
  type AdminUserUpdate,
} from '@cadenza/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { applyServerErrors, showError } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Switch } from '../../../ui/switch';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { UserAvatar } from '../../../ui/user-avatar';
import {
  useAdminRoles,
  useCreateUser,
  useRemoveUserAvatar,
  useSetUserAvatar,
  useUpdateUser,
} from '../api/admin-api';
import { PermissionsEditor } from '../roles/permissions-editor';

type Values = AdminUserUpdate;
const FIELDS = [
  'first_name',
  'last_name',
  'username',
  'email',
  'password',
  'email_verified',
  'role_ids',
  'permissions',
] as const;

/** The form's values for a user, or for a new one (who gets the role of new accounts). */
const valuesOf = (user: AdminUser | null, defaultRoleId?: number): Values => ({
  first_name: user?.first_name ?? '',
  last_name: user?.last_name ?? '',
  username: user?.username ?? '',
  email: user?.email ?? '',
  password: '',
  email_verified: user ? user.email_verified_at !== null : true,
  role_ids: user ? user.roles.map((role) => role.id) : defaultRoleId ? [defaultRoleId] : [],
  permissions: user?.permissions ?? [],
});

/** Creates a user (`user` null) or edits one: names, e-mail, password, roles, direct grants. */
export function UserDialog({
  open,
  user,
  onOpenChange,
}: {
  open: boolean;
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const roles = useAdminRoles();
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<Values>({
    // The server's own rules, checked as the admin types; a new user needs a password.
    resolver: zodResolver(user ? adminUserUpdateSchema : adminUserCreateSchema) as Resolver<Values>,
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });
  const defaultRoleId = roles.data?.find((role) => role.default)?.id;
  useEffect(() => {
    if (open) form.reset(valuesOf(user, defaultRoleId));
  }, [open, user, form, defaultRoleId]);
  const { errors } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);

  const submit = form.handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        toast.positive(user ? t('User saved') : t('User created'));
        onOpenChange(false);
      },
      onError: (error: unknown) => applyServerErrors(error, form.setError, FIELDS, t),
    };
    if (user) update.mutate({ ...values, id: user.id }, done);
    else create.mutate({ ...values, password: values.password ?? '' }, done);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="lg">
      <DialogHeader>{user ? t('Edit user') : t('Add user')}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-5">
          {user && <AvatarField user={user} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('First name')}
              autoComplete="off"
              errorMessage={message(errors.first_name?.message)}
              {...form.register('first_name')}
            />
            <TextField
              label={t('Last name')}
              autoComplete="off"
              errorMessage={message(errors.last_name?.message)}
              {...form.register('last_name')}
            />
          </div>
          <TextField
            label={t('Email')}
            type="email"
            required
            autoComplete="off"
            errorMessage={message(errors.email?.message)}
            {...form.register('email')}
          />
          <TextField
            label={t('Username')}
            autoComplete="off"
            errorMessage={message(errors.username?.message)}
            {...form.register('username')}
          />
          <TextField
            label={user ? t('New password') : t('Password')}
            type="password"
            required={!user}
            autoComplete="new-password"
            description={user ? t('Leave empty to keep the current password.') : undefined}
            errorMessage={message(errors.password?.message)}
            {...form.register('password')}
          />
          <Controller
            control={form.control}
            name="email_verified"
            render={({ field }) => (
              <Switch
                label={t('Email address verified')}
                checked={field.value ?? false}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Controller
            control={form.control}
            name="role_ids"
            render={({ field }) => (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">{t('Roles')}</legend>
                {(roles.data ?? [])
                  .filter((role) => !role.guests)
                  .map((role) => {
                    const ids = field.value ?? [];
                    return (
                      <label key={role.id} className="flex items-center gap-3 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-[var(--primary)]"
                          checked={ids.includes(role.id)}
                          onChange={() =>
                            field.onChange(
                              ids.includes(role.id)
                                ? ids.filter((id) => id !== role.id)
                                : [...ids, role.id],
                            )
                          }
                        />
                        {role.name}
                      </label>
                    );
                  })}
                {errors.role_ids?.message && (
                  <p className="text-sm text-danger">{t(errors.role_ids.message)}</p>
                )}
              </fieldset>
            )}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <div className="flex flex-col gap-1">
                <PermissionsEditor
                  label={t('Permissions granted directly')}
                  value={(field.value ?? []).map((grant) => ({
                    name: grant.name,
                    restrictions: grant.restrictions ?? [],
                  }))}
                  onChange={field.onChange}
                />
                {errors.permissions?.message && (
                  <p className="text-sm text-danger">{t(errors.permissions.message)}</p>
                )}
              </div>
            )}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={create.isPending || update.isPending}>
            {user ? t('Save') : t('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** The user's picture: upload another (checked by its content on the server) or remove it. */
function AvatarField({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const set = useSetUserAvatar();
  const remove = useRemoveUserAvatar();
  const [avatar, setAvatar] = useState(user.avatar);
  const input = useRef<HTMLInputElement>(null);
  const done = (next: AdminUser) => {
    setAvatar(next.avatar);
    toast.positive(t('Picture saved'));
  };
  return (
    <div className="flex items-center gap-4">
      <UserAvatar user={{ ...user, avatar }} className="size-16" />
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label={t('Upload a picture')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) {
            set.mutate(
              { id: user.id, file },
              { onSuccess: done, onError: (error) => showError(error, t) },
            );
          }
        }}
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        isLoading={set.isPending}
        onClick={() => input.current?.click()}
      >
        {t('Upload a picture')}
      </Button>
      {avatar && (
        <Button
          type="button"
          size="sm"
          variant="text"
          isLoading={remove.isPending}
          onClick={() =>
            remove.mutate(user.id, { onSuccess: done, onError: (error) => showError(error, t) })
          }
        >
          {t('Remove')}
        </Button>
      )}
    </div>
  );
}
