import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { randomToken, sha256 } from '../../infra/hash.js';
import * as repo from './access-tokens.repo.js';
import type { UserRow } from '../users/users.table.js';
import type { AccessTokenRow } from './access-tokens.table.js';

const TOUCH_INTERVAL_MS = 60_000;

/** Who creates a token: an admin signed in as its owner, if one is. */
export interface CreatedBy {
  impersonatedBy?: number | null;
}

const NOT_WHILE_IMPERSONATING =
  'Access tokens cannot be created while signed in as another user: the user creates their own.';

export type AccessTokensService = ReturnType<typeof createAccessTokensService>;

export function accessTokenRowToToken(row: AccessTokenRow) {
  return { id: row.id, name: row.name, last_used_at: row.last_used_at, created_at: row.created_at };
}

export interface AccessTokensOptions {
  /** `api.integrated`: when off, the token endpoints answer 404 and bearer tokens are refused. */
  isApiIntegrated?: () => Promise<boolean>;
}

export function createAccessTokensService(
  db: Kysely<Database>,
  { isApiIntegrated = async () => true }: AccessTokensOptions = {},
) {
  return {
    async assertApiIntegrated(): Promise<void> {
      if (!(await isApiIntegrated())) throw AppError.notFound();
    },

    /**
     * The plain token is `<id>|<secret>`, shown once; only the secret's hash is kept. Refused to
     * an admin signed in as the user: the token would outlive the visit.
     */
    async create(userId: number, name: string, { impersonatedBy = null }: CreatedBy = {}) {
      if (impersonatedBy !== null) throw AppError.forbidden(NOT_WHILE_IMPERSONATING);
      const secret = randomToken(32);
      const row = await repo.insertToken(db, { userId, name, tokenHash: sha256(secret) });
      return { token: accessTokenRowToToken(row), plainTextToken: `${row.id}|${secret}` };
    },

    /**
     * The token a bearer header names, with its user, or undefined when it is unknown, expired
     * or malformed.
     */
    async resolve(bearer: string): Promise<{ token: AccessTokenRow; user: UserRow } | undefined> {
      const secret = bearer.includes('|') ? bearer.slice(bearer.indexOf('|') + 1) : bearer;
      if (!secret || !(await isApiIntegrated())) return undefined;
      const found = await repo.findTokenWithUser(db, sha256(secret));
      const token = found?.token;
      if (!token || (token.expires_at && token.expires_at <= new Date().toISOString()))
        return undefined;
      const now = Date.now();
      if (!token.last_used_at || now - Date.parse(token.last_used_at) > TOUCH_INTERVAL_MS) {
        await repo.markTokenUsed(db, token.id, new Date(now).toISOString());
      }
      return found;
    },

    async list(userId: number) {
      return (await repo.tokensOfUser(db, userId)).map(accessTokenRowToToken);
    },

    async delete(userId: number, id: number): Promise<void> {
      // Another user's token answers like a missing one, so ids reveal nothing.
      if (!(await repo.deleteTokenOfUser(db, userId, id))) throw AppError.notFound();
    },

    /** Revokes every token of a user (a ban). */
    deleteAll: (userId: number) => repo.deleteTokensOfUser(db, userId),
  };
}
