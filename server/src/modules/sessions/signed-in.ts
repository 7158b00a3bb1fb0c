import { signedInState, type SignedIn } from '../../core/auth-context.js';
import { isBanned } from '../users/users.table.js';
import { nextTouchAt, type SessionsService } from './sessions.service.js';

/**
 * Reads a signed-in session as core's auth context would find it (for the edge, which keeps a
 * member's page while this holds): none once it ended or its user is banned.
 */
export function signedInReader(sessions: SessionsService) {
  return async (rawId: string): Promise<SignedIn | undefined> => {
    const found = await sessions.findWithUser(rawId);
    if (!found?.user || isBanned(found.user)) return undefined;
    const { session, user } = found;
    const until = Math.min(Date.parse(session.expires_at), nextTouchAt(session));
    return { state: signedInState(session, user), until };
  };
}
