import { signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * A label: a workspace its owner made, with one more person in it as a plain member (added as
 * an accepted invitation leaves them).
 */
export async function labelWithMember(t: TestApp, name: string) {
  const owner = await signedInUser(t.app);
  const member = await signedInUser(t.app);
  const workspace = (await owner.client.post('/api/v1/workspace', { name })).json().workspace as {
    id: number;
    name: string;
  };
  await t.db.kysely
    .insertInto('workspace_members')
    .values({
      workspace_id: workspace.id,
      user_id: member.user.id,
      role: 'member',
      created_at: new Date().toISOString(),
    })
    .execute();
  return { owner, member, workspace };
}

/** An artist handed to a user, or to a workspace, as an approved request leaves it. */
export async function managedArtist(
  t: TestApp,
  name: string,
  manager: { userId?: number; workspaceId?: number },
) {
  const id = (await t.app.services.catalogue.createArtist(name))!;
  await t.db.kysely
    .insertInto('artist_managers')
    .values({
      artist_id: id,
      user_id: manager.userId ?? null,
      workspace_id: manager.workspaceId ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
