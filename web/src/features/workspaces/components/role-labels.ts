import type { WorkspaceRoleName } from '@cadenza/contracts/workspaces';
import type { TFunction } from 'i18next';

/** What each workspace role is called on screen (passed through t()). */
export const ROLE_LABELS: Record<WorkspaceRoleName, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const roleLabel = (name: string) => ROLE_LABELS[name as WorkspaceRoleName] ?? name;

export const membersLabel = (t: TFunction, count: number) =>
  count === 1 ? t('1 member') : t('{{count}} members', { count });
