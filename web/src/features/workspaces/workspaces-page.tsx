import { DEFAULT_WORKSPACE_ID } from '@cadenza/contracts/http-constants';
import type { WorkspaceSummary } from '@cadenza/contracts/workspaces';
import { workspaceRole } from '@cadenza/contracts/workspaces';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useActiveWorkspaceId } from '../../api/active-workspace';
import { PageLoadError } from '../../app/page-load-error';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useMyWorkspaces, useSwitchWorkspace } from './api/workspaces-api';
import { membersLabel, roleLabel } from './components/role-labels';
import { CreateWorkspaceDialog } from './components/workspace-name-dialog';

/** /workspaces: the workspaces the user belongs to, which one is active, and a new one. */
export function WorkspacesPage() {
  const { t } = useTranslation();
  const workspaces = useMyWorkspaces();
  const [creating, setCreating] = useState(false);
  const switchTo = useSwitchWorkspace();

  return (
    <div className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto flex max-w-[780px] flex-col gap-6">
        <header className="flex flex-wrap items-center gap-3">
          <div className="me-auto">
            <h1 className="text-3xl font-semibold">{t('Workspaces')}</h1>
            <p className="mt-1 text-sm text-fg-muted">
              {t('Share playlists and music with the people you work with.')}
            </p>
          </div>
          <Button onClick={() => setCreating(true)} startIcon={<Plus size={16} aria-hidden />}>
            {t('New workspace')}
          </Button>
        </header>
        {workspaces.isPending ? (
          <Skeleton className="h-48" />
        ) : workspaces.isError ? (
          <PageLoadError inScreen onRetry={() => void workspaces.refetch()} />
        ) : (
          <ul
            aria-label={t('Your workspaces')}
            className="divide-y divide-border overflow-hidden rounded-lg border border-border"
          >
            {workspaces.data.map((workspace) => (
              <WorkspaceRow key={workspace.id} workspace={workspace} onSwitch={switchTo} />
            ))}
          </ul>
        )}
      </div>
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function WorkspaceRow({
  workspace,
  onSwitch,
}: {
  workspace: WorkspaceSummary;
  onSwitch: (id: number) => void;
}) {
  const { t } = useTranslation();
  const active = useActiveWorkspaceId() === workspace.id;
  const isDefault = workspace.id === DEFAULT_WORKSPACE_ID;
  const role = workspace.role_id ? workspaceRole(workspace.role_id)?.name : undefined;

  return (
    <li className="flex flex-wrap items-center gap-4 px-4 py-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-hover text-fg-muted">
        <Users size={20} aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 truncate font-medium">
          {isDefault ? t('Default') : workspace.name}
          {active && (
            <span className="rounded-full border border-primary px-2 py-0.5 text-xs text-fg">
              {t('Active')}
            </span>
          )}
        </p>
        <p className="text-sm text-fg-muted">
          {isDefault ? t('Only you') : membersLabel(t, workspace.members_count)}
          {role && ` · ${t(roleLabel(role))}`}
        </p>
      </div>
      <div className="flex gap-2">
        {!active && (
          <Button variant="outline" size="sm" onClick={() => onSwitch(workspace.id)}>
            {t('Switch to')}
          </Button>
        )}
        {!isDefault && (
          <Button asChild variant="text" size="sm">
            <Link
              to={`/workspaces/${workspace.id}`}
              aria-label={t('Manage {{name}}', { name: workspace.name })}
            >
              {t('Manage')}
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}
