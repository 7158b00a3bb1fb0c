import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EmailVerificationCodeRow, PasswordResetTokenRow } from './accounts.table.js';

/** A new code replaces every earlier one of the user. */
export async function replaceVerificationCode(
  db: Kysely<Database>,
  code: { userId: number; codeHash: string; expiresAt: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_verification_codes').where('user_id', '=', code.userId).execute();
    await trx
      .insertInto('email_verification_codes')
      .values({
        user_id: code.userId,
        code_hash: code.codeHash,
        expires_at: code.expiresAt,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
}

export async function findVerificationCode(
  db: Kysely<Database>,
  userId: number,
): Promise<EmailVerificationCodeRow | undefined> {
  return db
    .selectFrom('email_verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Marks the e-mail verified and spends the code, in one transaction. */
export async function consumeVerificationCode(
  db: Kysely<Database>,
  userId: number,
  codeId: number,
  verifiedAt: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('email_verification_codes')
      .where('id', '=', codeId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await trx
      .updateTable('users')
      .set({ email_verified_at: verifiedAt, updated_at: verifiedAt })
      .where('id', '=', userId)
      .execute();
    return true;
  });
}

export async function saveResetToken(
  db: Kysely<Database>,
  email: string,
  tokenHash: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_reset_tokens').where('email', '=', email).execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({ email, token_hash: tokenHash, created_at: new Date().toISOString() })
      .execute();
  });
}

export async function findResetToken(
  db: Kysely<Database>,
  email: string,
): Promise<PasswordResetTokenRow | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Spends the token and sets the new password together; false when the token was already used. */
export async function resetPassword(
  db: Kysely<Database>,
  input: { email: string; tokenHash: string; userId: number; passwordHash: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('password_reset_tokens')
      .where('email', '=', input.email)
      .where('token_hash', '=', input.tokenHash)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await trx
      .updateTable('users')
      .set({ password: input.passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', input.userId)
      .execute();
    return true;
  });
}

export async function deleteResetTokens(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('email', '=', email).execute();
}
