import type { Permission } from '@cadenza/contracts/permissions';

/**
 * A signed-in user, as far as core reads one. The users module declares it is a whole row of its
 * table (`users/users.table.ts`), so the modules see every column where core knows only these.
 */
export interface RequestUser {
  id: number;
}

/**
 * A signed-in session's row, as far as core reads one. The sessions module declares it is a
 * whole row of its table (`sessions/sessions.table.ts`).
 */
export interface SessionRecord {
  user_id: number | null;
  /** 1 when the user chose 'stay signed in'. */
  remember: number;
  /** JSON of the short-lived values the session keeps. */
  payload: string;
}

/** The visitor's session: every visitor has one; only signed-in sessions have a database row. */
export interface RequestSession {
  /** The random id the cookie carries. */
  id: string;
  /**
   * A signed-in session's row. A guest's short-lived values (a pending login) are read by the
   * steps that need them (`SessionsService.guestPayload`).
   */
  row: SessionRecord | null;
  /** True when the cookie must be (re)sent with this response. */
  changed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
    user: RequestUser | null;
    authMethod: 'session' | 'token' | null;
    /** 0 is the user's own default workspace. */
    workspaceId: number;
    /** The permissions of the user, or of the guest role for visitors; computed once. */
    permissions(): Promise<Permission[]>;
  }

  interface FastifyContextConfig {
    /** The route needs a signed-in user. */
    auth?: boolean;
    /**
     * The route needs this permission, or one of these (visitors are checked against the guest
     * role).
     */
    permission?: string | readonly string[];
    /**
     * The route's callers carry none of our cookies: a form another site posts (Sign in with
     * Apple), a payment service's webhook, music apps. The route reads no cookie and writes none
     * (a cookie set here could replace the visitor's session), has no anti-forgery or cross-site
     * check and no session user; it authenticates its callers itself, if at all.
     */
    cookieless?: boolean;
    /**
     * How much of the visitor's session the route needs. `none` (the built files): no cookie
     * is read and none is set. `read` (audio streams): a signed-in user's cookie is read for their
     * permissions, but no new visitor gets a session and no cookie is set. Other routes get the
     * whole session with its cookies.
     */
    session?: 'none' | 'read';
    /**
     * The route answers with a stream that stays open (server-sent events): it never ends on its
     * own, so tools that wait for a whole answer (the route fuzz test) leave it out.
     */
    eventStream?: boolean;
  }
}
