import { WORKSPACE_PERMISSIONS, type Workspace } from '@cadenza/contracts/workspaces';
import { ArrowLeft, MailPlus, RotateCw, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useActiveWorkspaceId } from '../../api/active-workspace';
import { useAuthUser } from '../../api/bootstrap';
import { showError } from '../../app/error-handling/handle-error';
import { PageLoadError } from '../../app/page-load-error';
import { formatDate } from '../../i18n/format';
import { Button, IconButton } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Select, SelectItem } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import { UserAvatar } from '../../ui/user-avatar';
import {
  useChangeRole,
  useDeleteWorkspace,
  useRemoveMember,
  useRenameWorkspace,
  useResendInvite,
  useRevokeInvite,
  useSwitchWorkspace,
  useWorkspace,
} from './api/workspaces-api';
import { InviteDialog } from './components/invite-dialog';
import { membersLabel, roleLabel } from './components/role-labels';
import { WorkspaceNameDialog } from './components/workspace-name-dialog';

/** /workspaces/:workspaceId: members and their roles, invitations, renaming, leaving, deleting. */
export function WorkspacePage() {
  const { t } = useTranslation();
  const id = Number(useParams().workspaceId);
  const workspace = useWorkspace(id);

  return (
    <div className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto flex max-w-[780px] flex-col gap-6">
        <Link
          to="/workspaces"
          className="inline-flex items-center gap-2 self-start text-sm text-fg-muted hover:text-fg"
        >
          <ArrowLeft size={16} aria-hidden />
          {t('Workspaces')}
        </Link>
        {workspace.isPending ? (
          <Skeleton className="h-64" />
        ) : workspace.isError ? (
          isApiError(workspace.error, 403, 404) ? (
            <EmptyState
              message={t('This workspace is not available')}
              description={t('It was deleted, or you are no longer a member.')}
              action={
                <Button asChild variant="outline">
                  <Link to="/workspaces">{t('Your workspaces')}</Link>
                </Button>
              }
            />
          ) : (
            <PageLoadError inScreen onRetry={() => void workspace.refetch()} />
          )
        ) : (
          <WorkspaceDetails workspace={workspace.data} />
        )}
      </div>
    </div>
  );
}

function WorkspaceDetails({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const can = (permission: string) => workspace.currentUser.permissions.includes(permission);
  const active = useActiveWorkspaceId() === workspace.id;
  const switchTo = useSwitchWorkspace();
  const rename = useRenameWorkspace(workspace.id);
  const [renaming, setRenaming] = useState(false);
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <div className="me-auto min-w-0">
          <h1 className="truncate text-3xl font-semibold">{workspace.name}</h1>
          <p className="mt-1 text-sm text-fg-muted">
            {membersLabel(t, workspace.members_count)} ·{' '}
            {t('You are {{role}}', { role: t(roleLabel(workspace.currentUser.role_name)) })}
          </p>
        </div>
        {!active && (
          <Button variant="outline" onClick={() => switchTo(workspace.id)}>
            {t('Switch to')}
          </Button>
        )}
        {can(WORKSPACE_PERMISSIONS.update) && (
          <Button variant="outline" onClick={() => setRenaming(true)}>
            {t('Rename')}
          </Button>
        )}
        {can(WORKSPACE_PERMISSIONS.invite) && (
          <Button onClick={() => setInviting(true)} startIcon={<MailPlus size={16} aria-hidden />}>
            {t('Invite people')}
          </Button>
        )}
      </header>
      <Members workspace={workspace} />
      {can(WORKSPACE_PERMISSIONS.invite) && <Invites workspace={workspace} />}
      <LeaveOrDelete workspace={workspace} />
      <WorkspaceNameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title={t('Rename workspace')}
        submitLabel={t('Save')}
        initialName={workspace.name}
        isPending={rename.isPending}
        onSubmit={(name) =>
          rename.mutateAsync(name).then(() => toast.positive(t('Workspace renamed')))
        }
      />
      <InviteDialog workspaceId={workspace.id} open={inviting} onOpenChange={setInviting} />
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="overflow-hidden rounded-lg border border-border">
      <h2 className="border-b border-border px-4 py-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Members({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const me = useAuthUser();
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const isOwner = workspace.currentUser.role_name === 'owner';
  const manages = workspace.currentUser.permissions.includes(WORKSPACE_PERMISSIONS.manageMembers);
  const [handingTo, setHandingTo] = useState<Workspace['members'][number] | null>(null);

  const setRole = (memberId: number, roleId: number) =>
    changeRole.mutate(
      { userId: memberId, roleId },
      {
        onSuccess: () => toast.positive(t('Role changed')),
        onError: (error) => showError(error, t),
      },
    );

  return (
    <Section title={t('Members')}>
      <ul className="divide-y divide-border">
        {workspace.members.map((member) => {
          // The owner's role changes only by handing over; an admin manages members only.
          const editable =
            member.role_name !== 'owner' &&
            member.id !== me?.id &&
            manages &&
            (isOwner || member.role_name === 'member');
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <UserAvatar user={member} className="size-9" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  {member.display_name}
                  {member.id === me?.id && <span className="text-fg-muted"> ({t('you')})</span>}
                </p>
                <p className="truncate text-xs text-fg-muted">{member.email}</p>
              </div>
              {editable ? (
                <div className="w-36">
                  <Select
                    size="sm"
                    aria-label={t('Role of {{name}}', { name: member.display_name })}
                    value={String(member.role_id)}
                    onValueChange={(value) =>
                      value === '1' ? setHandingTo(member) : setRole(member.id, Number(value))
                    }
                  >
                    {isOwner && <SelectItem value="1">{t('Owner')}</SelectItem>}
                    {isOwner && <SelectItem value="2">{t('Admin')}</SelectItem>}
                    <SelectItem value="3">{t('Member')}</SelectItem>
                  </Select>
                </div>
              ) : (
                <span className="text-sm text-fg-muted">{t(roleLabel(member.role_name))}</span>
              )}
              {editable && (
                <IconButton
                  label={t('Remove {{name}}', { name: member.display_name })}
                  className="text-fg-muted hover:text-danger"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(member.id, {
                      onSuccess: () => toast.positive(t('Member removed')),
                      onError: (error) => showError(error, t),
                    })
                  }
                >
                  <UserMinus size={18} />
                </IconButton>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={handingTo !== null}
        onOpenChange={(open) => !open && setHandingTo(null)}
        title={t('Hand the workspace over?')}
        body={t('{{name}} becomes the owner and you become an admin.', {
          name: handingTo?.display_name ?? '',
        })}
        confirmLabel={t('Hand over')}
        isPending={changeRole.isPending}
        onConfirm={() => {
          if (handingTo) setRole(handingTo.id, 1);
          setHandingTo(null);
        }}
      />
    </Section>
  );
}

function Invites({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const resend = useResendInvite(workspace.id);
  const revoke = useRevokeInvite(workspace.id);

  return (
    <Section title={t('Pending invitations')}>
      {workspace.invites.length === 0 ? (
        <p className="px-4 py-6 text-sm text-fg-muted">{t('No invitations are waiting.')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {workspace.invites.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{invite.email}</p>
                <p className="text-xs text-fg-muted">
                  {t(roleLabel(invite.role_name))} ·{' '}
                  {t('Expires {{date}}', { date: formatDate(invite.expires_at) })}
                </p>
              </div>
              <IconButton
                label={t('Resend the invitation to {{email}}', { email: invite.email })}
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(invite.id, {
                    onSuccess: () => toast.positive(t('Invitation sent again')),
                    onError: (error) => showError(error, t),
                  })
                }
              >
                <RotateCw size={18} />
              </IconButton>
              <IconButton
                label={t('Revoke the invitation to {{email}}', { email: invite.email })}
                className="text-fg-muted hover:text-danger"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(invite.id, {
                    onSuccess: () => toast.positive(t('Invitation revoked')),
                    onError: (error) => showError(error, t),
                  })
                }
              >
                <Trash2 size={18} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The owner deletes the workspace; anyone else leaves it. */
function LeaveOrDelete({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuthUser();
  const switchTo = useSwitchWorkspace();
  const remove = useDeleteWorkspace(workspace.id);
  const leave = useRemoveMember(workspace.id);
  const [confirming, setConfirming] = useState(false);
  const isOwner = workspace.currentUser.role_name === 'owner';

  const done = (message: string) => {
    toast.positive(message);
    switchTo(0);
    void navigate('/workspaces', { replace: true });
  };
  const confirm = () =>
    isOwner
      ? remove.mutate(undefined, {
          onSuccess: () => done(t('Workspace deleted')),
          onError: (error) => showError(error, t),
        })
      : leave.mutate(me!.id, {
          onSuccess: () => done(t('You left the workspace')),
          onError: (error) => showError(error, t),
        });

  return (
    <section className="flex flex-wrap items-center gap-3 rounded-lg border border-border px-4 py-4">
      <div className="me-auto">
        <h2 className="text-base font-semibold">
          {isOwner ? t('Delete workspace') : t('Leave workspace')}
        </h2>
        <p className="text-sm text-fg-muted">
          {isOwner
            ? t('Members lose access to what it shares. To keep it going, hand it over first.')
            : t('You lose access to what it shares until someone invites you again.')}
        </p>
      </div>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {isOwner ? t('Delete') : t('Leave')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={isOwner ? t('Delete workspace?') : t('Leave workspace?')}
        body={
          isOwner
            ? t('{{name}} and its invitations are deleted for everyone.', { name: workspace.name })
            : t('You will leave {{name}}.', { name: workspace.name })
        }
        confirmLabel={isOwner ? t('Delete') : t('Leave')}
        isPending={remove.isPending || leave.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
