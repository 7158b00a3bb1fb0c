import { LABEL_ROLE_ACCESS, type ArtistAccess } from '@cadenza/contracts/backstage';

/** A user's own artist is theirs to edit; a label's, as their workspace role allows. */
export function accessOf(manager: {
  workspace_id: number | null;
  workspace_role: string | null;
}): ArtistAccess {
  if (manager.workspace_id === null) return 'edit';
  const role = (manager.workspace_role ?? 'member') as keyof typeof LABEL_ROLE_ACCESS;
  return LABEL_ROLE_ACCESS[role] ?? 'view';
}
