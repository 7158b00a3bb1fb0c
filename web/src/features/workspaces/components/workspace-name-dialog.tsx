import { workspaceNameSchema } from '@cadenza/contracts/workspaces';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { useCreateWorkspace, useSwitchWorkspace } from '../api/workspaces-api';

type NameValues = z.infer<typeof workspaceNameSchema>;

/** Names a new workspace, or renames one: the same form, the server's rule for names. */
export function WorkspaceNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  isPending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  isPending: boolean;
  /** Saves the name; rejects with the server's error so the field can show it. */
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useForm<NameValues>({
    resolver: zodResolver(workspaceNameSchema),
    defaultValues: { name: initialName },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: initialName });
  }, [open, initialName, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, form.setError, ['name'], t);
    }
  });
  const error = form.formState.errors.name?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="md">
      <DialogHeader>{title}</DialogHeader>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <TextField
            label={t('Name')}
            required
            autoFocus
            maxLength={100}
            errorMessage={error && t(error)}
            {...form.register('name')}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={isPending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** Creates a workspace, makes it the active one and opens it. */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const switchTo = useSwitchWorkspace();
  return (
    <WorkspaceNameDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('New workspace')}
      submitLabel={t('Create')}
      isPending={create.isPending}
      onSubmit={(name) =>
        create.mutateAsync(name).then((workspace) => {
          toast.positive(t('Workspace created'));
          switchTo(workspace.id);
          void navigate(`/workspaces/${workspace.id}`);
        })
      }
    />
  );
}
