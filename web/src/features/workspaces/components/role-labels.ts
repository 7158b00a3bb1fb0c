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
  t('{{count}} members', {
    count,
    defaultValue_one: '{{count}} member',
    defaultValue_other: '{{count}} members',
  });
