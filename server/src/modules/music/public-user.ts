import type { UserRef } from '@cadenza/contracts/music';
import type { UsersService } from '../users/users.service.js';
import type { UserRow } from '../users/users.table.js';

/**
 * How other people see a user: their name or username, never a part of their e-mail address
 * (which the account's own display name may fall back to).
 */
export function publicUserRef(
  user: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'username' | 'avatar'>,
): UserRef {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  const name = full || user.username || `User ${user.id}`;
  return { id: user.id, name, display_name: name, avatar: user.avatar, model_type: 'user' };
}

/** Users by id in that order, as others see them; deleted accounts drop out. */
export async function publicUserRefs(
  users: Pick<UsersService, 'findByIds'>,
  ids: number[],
): Promise<UserRef[]> {
  const byId = new Map((await users.findByIds(ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [publicUserRef(row)] : [];
  });
}
