import { DEFAULT_WORKSPACE_ID } from '@cadenza/contracts/http-constants';
import { ChevronDown, Plus, Settings2, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useActiveWorkspaceId } from '../../api/active-workspace';
import { Menu, MenuCheckboxItem, MenuItem, MenuLabel, MenuSeparator } from '../../ui/menu';
import { useMyWorkspaces, useSwitchWorkspace } from './api/workspaces-api';

// The dialog's form code loads when it is first opened, not with every page.
const CreateWorkspaceDialog = lazy(() =>
  import('./components/workspace-name-dialog').then((m) => ({ default: m.CreateWorkspaceDialog })),
);

/**
 * The navbar's workspace switcher: which workspace requests are scoped to, the others to
 * switch to, a new one, and their management. The list is fetched when the menu first opens
 * (or at once when a workspace other than Default is active, to show its name), so the first
 * paint of a page costs no request for people who do not use workspaces.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const activeId = useActiveWorkspaceId();
  const [opened, setOpened] = useState(false);
  const [creating, setCreating] = useState(false);
  const workspaces = useMyWorkspaces(opened || activeId !== DEFAULT_WORKSPACE_ID);
  const switchTo = useSwitchWorkspace();
  const active = workspaces.data?.find((workspace) => workspace.id === activeId);
  const nameOf = (workspace: { id: number; name: string }) =>
    workspace.id === DEFAULT_WORKSPACE_ID ? t('Default') : workspace.name;
  const activeName = active ? nameOf(active) : t('Default');

  return (
    <>
      <Menu
        align="end"
        aria-label={t('Workspaces')}
        onOpenChange={(open) => open && setOpened(true)}
        trigger={
          <button
            type="button"
            aria-label={t('Workspace: {{name}}', { name: activeName })}
            title={t('Workspace: {{name}}', { name: activeName })}
            className={`flex h-10 max-w-48 items-center gap-2 rounded-full px-2.5 text-sm font-medium text-fg-muted transition-colors hover:bg-bg-hover hover:text-fg data-[state=open]:bg-bg-hover min-[769px]:px-3 ${className ?? ''}`}
          >
            <Users size={18} aria-hidden className="shrink-0" />
            {/* On a phone the button is its icon; its name says which workspace is active. */}
            <span className="hidden truncate min-[769px]:inline">{activeName}</span>
            <ChevronDown size={16} aria-hidden className="hidden shrink-0 min-[769px]:block" />
          </button>
        }
      >
        <MenuLabel>{t('Workspaces')}</MenuLabel>
        {workspaces.isPending ? (
          <MenuItem disabled>{t('Loading…')}</MenuItem>
        ) : workspaces.isError ? (
          <MenuItem onSelect={() => void workspaces.refetch()}>{t('Try again')}</MenuItem>
        ) : (
          workspaces.data.map((workspace) => (
            <MenuCheckboxItem
              key={workspace.id}
              checked={workspace.id === activeId}
              onSelect={() => switchTo(workspace.id)}
            >
              <span className="truncate">{nameOf(workspace)}</span>
            </MenuCheckboxItem>
          ))
        )}
        <MenuSeparator />
        <MenuItem startIcon={<Plus size={16} aria-hidden />} onSelect={() => setCreating(true)}>
          {t('New workspace')}
        </MenuItem>
        <MenuItem asChild startIcon={<Settings2 size={16} aria-hidden />}>
          <Link to="/workspaces">{t('Manage workspaces')}</Link>
        </MenuItem>
      </Menu>
      {creating && (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
    </>
  );
}
