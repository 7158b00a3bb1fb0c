import type { UserRef } from '@cadenza/contracts/music';
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
