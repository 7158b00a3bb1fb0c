import { roleInputSchema, type AdminRole, type RoleInput } from '@cadenza/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Switch } from '../../../ui/switch';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { useCreateRole, useUpdateRole } from '../api/admin-api';
import { PermissionsEditor } from './permissions-editor';

const FIELDS = ['name', 'description', 'default', 'permissions'] as const;

const valuesOf = (role: AdminRole | null): RoleInput => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  default: role?.default ?? false,
  permissions: role?.permissions ?? [],
});

/** Creates a role (`role` null) or edits one: its name, what it grants, and whether new accounts get it. */
export function RoleDialog({
  open,
  role,
  onOpenChange,
}: {
  open: boolean;
  role: AdminRole | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRole();
  const update = useUpdateRole();
  const form = useForm<RoleInput>({
    resolver: zodResolver(roleInputSchema) as Resolver<RoleInput>,
    mode: 'onTouched',
    defaultValues: valuesOf(role),
  });
  useEffect(() => {
    if (open) form.reset(valuesOf(role));
  }, [open, role, form]);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        toast.positive(role ? t('Role saved') : t('Role created'));
        onOpenChange(false);
      },
      onError: (error: unknown) => applyServerErrors(error, form.setError, FIELDS, t),
    };
    if (role) update.mutate({ ...values, id: role.id }, done);
    else create.mutate(values, done);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="lg">
      <DialogHeader>{role ? t('Edit role') : t('Add role')}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-5">
          <TextField
            label={t('Name')}
            required
            errorMessage={errors.name?.message && t(errors.name.message)}
            {...form.register('name')}
          />
          <TextField
            label={t('Description')}
            errorMessage={errors.description?.message && t(errors.description.message)}
            {...form.register('description')}
          />
          {!role?.guests && (
            <Controller
              control={form.control}
              name="default"
              render={({ field }) => (
                <Switch
                  label={t('Give this role to new accounts')}
                  description={
                    role?.default ? t('Make another role the default to change this.') : undefined
                  }
                  disabled={role?.default}
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  errorMessage={errors.default?.message && t(errors.default.message)}
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <div className="flex flex-col gap-1">
                <PermissionsEditor
                  label={t('Permissions')}
                  value={(field.value ?? []).map((grant) => ({
                    name: grant.name,
                    restrictions: grant.restrictions ?? [],
                  }))}
                  onChange={field.onChange}
                />
                {errors.permissions?.message && (
                  <p role="alert" className="text-sm text-danger">
                    {t(errors.permissions.message)}
                  </p>
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
            {role ? t('Save') : t('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
