import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { useInvite, useWorkspaceRoles } from '../api/workspaces-api';
import { roleLabel } from './role-labels';

/** Addresses separated by commas, spaces or new lines. */
const splitEmails = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const isEmail = (text: string) => z.email().safeParse(text).success;

/** The server's rules for an invitation, checked as the user types. */
const inviteSchema = z.object({
  emails: z
    .string()
    .refine((text) => splitEmails(text).length > 0, 'Enter at least one email address.')
    .refine((text) => splitEmails(text).length <= 20, 'Invite at most 20 people at a time.')
    .refine((text) => splitEmails(text).every(isEmail), 'Enter valid email addresses.'),
  role_id: z.string(),
});
type InviteValues = z.infer<typeof inviteSchema>;

export function InviteDialog({
  workspaceId,
  open,
  onOpenChange,
}: {
  workspaceId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const invite = useInvite(workspaceId);
  const roles = useWorkspaceRoles();
  const invitable = roles.data?.filter((role) => role.invitable) ?? [];
  const defaultRoleId = roles.data?.find((role) => role.default)?.id;
  // Empty until the user picks one: the list's default role shows, and is the one sent.
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    mode: 'onTouched',
    defaultValues: { emails: '', role_id: '' },
  });

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const submit = form.handleSubmit(({ emails, role_id }) =>
    invite.mutate(
      {
        emails: splitEmails(emails),
        // With no list yet, leaving the role out lets the server give its default.
        ...(role_id || defaultRoleId ? { role_id: Number(role_id || defaultRoleId) } : {}),
      },
      {
        onSuccess: () => {
          toast.positive(t('Invitations sent. They may take a few minutes to arrive.'));
          close(false);
        },
        onError: (error) => applyServerErrors(error, form.setError, ['emails', 'role_id'], t),
      },
    ),
  );
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={close} size="md">
      <DialogHeader
        description={t(
          'They get a notification, or an e-mail to join if they have no account yet.',
        )}
      >
        {t('Invite people')}
      </DialogHeader>
      <form onSubmit={submit} noValidate>
        <DialogBody className="flex flex-col gap-5">
          <TextField
            label={t('Email addresses')}
            description={t('Separate addresses with commas or spaces.')}
            required
            autoFocus
            placeholder="ana@example.com, joao@example.com"
            errorMessage={errors.emails?.message && t(errors.emails.message)}
            {...form.register('emails')}
          />
          <Controller
            control={form.control}
            name="role_id"
            render={({ field }) => (
              <Select
                label={t('Role')}
                value={field.value || (defaultRoleId ? String(defaultRoleId) : '')}
                onValueChange={field.onChange}
                ref={field.ref}
                errorMessage={errors.role_id?.message && t(errors.role_id.message)}
              >
                {invitable.map((role) => (
                  <SelectItem
                    key={role.id}
                    value={String(role.id)}
                    description={t(role.description)}
                  >
                    {t(roleLabel(role.name))}
                  </SelectItem>
                ))}
              </Select>
            )}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={invite.isPending}>
            {t('Invite')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
