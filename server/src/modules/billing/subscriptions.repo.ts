import { FAMILY_PRODUCT_ID } from '@cadenza/contracts/billing';
import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { FamilyMemberRow, SubscriptionRow, SubscriptionsTable } from './billing.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A subscription grants its plan while the gateway runs it (and its end, if any, is ahead), or
 * during the grace period after a failed payment.
 */
export function grantsAccess(eb: ExpressionBuilder<Database, 'subscriptions'>, now: string) {
  return eb.or([
    eb.and([
      eb('subscriptions.gateway_status', 'in', ['active', 'trialing']),
      eb.or([eb('subscriptions.ends_at', 'is', null), eb('subscriptions.ends_at', '>', now)]),
    ]),
    eb.and([
      eb('subscriptions.gateway_status', '=', 'past_due'),
      eb('subscriptions.grace_ends_at', '>', now),
    ]),
  ]);
}

/** Whether the user of a `users` row holds a plan at `now` (the users admin filters on it). */
export function userHoldsPlan(eb: ExpressionBuilder<Database, 'users'>, now: string) {
  return eb.exists(
    eb
      .selectFrom('subscriptions')
      .select('subscriptions.id')
      .whereRef('subscriptions.user_id', '=', 'users.id')
      .where((inner) => grantsAccess(inner, now)),
  );
}

export const subscriptionsOfUser = prepared((db, userId: number) =>
  db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(20),
);

export function findSubscription(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByGatewayId(
  db: Executor,
  gatewayId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('gateway_id', '=', gatewayId)
    .executeTakeFirst();
}

/** The user's subscription that grants a plan now, the newest first. */
export function currentOfUser(
  db: Executor,
  userId: number,
  now: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => grantsAccess(eb, now))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertSubscription(
  db: Executor,
  values: Omit<Insertable<SubscriptionsTable>, 'created_at' | 'updated_at'>,
): Promise<SubscriptionRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('subscriptions')
    .values({ ...values, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSubscription(
  db: Executor,
  id: number,
  values: Omit<Updateable<SubscriptionsTable>, 'id' | 'created_at' | 'updated_at'>,
): Promise<SubscriptionRow> {
  return db
    .updateTable('subscriptions')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listSubscriptions(
  db: Executor,
  { page, perPage, userId }: { page: number; perPage: number; userId?: number },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  let query = db.selectFrom('subscriptions');
  if (userId) query = query.where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * When a subscription that grants now stops granting unless something changes: the end of its
 * period (a subscription that was cancelled), or of its grace after a failed payment.
 */
function grantsUntil(eb: ExpressionBuilder<Database, 'subscriptions'>) {
  return eb
    .case()
    .when('subscriptions.gateway_status', '=', 'past_due')
    .then(eb.ref('subscriptions.grace_ends_at'))
    .else(eb.ref('subscriptions.ends_at'))
    .end()
    .as('until');
}

/**
 * The plans a user holds now: through their own subscriptions, and as a member of a Family
 * plan whose owner's subscription grants it; with when each stops granting by itself (null: not
 * before something changes). One statement: a signed-in request reads it when the user's plans
 * are not kept.
 */
export const productsHeldBy = prepared((db, userId: number, now: string) =>
  db
    .selectFrom('subscriptions')
    .select((eb) => ['product_id', grantsUntil(eb)])
    .where('user_id', '=', userId)
    .where((eb) => grantsAccess(eb, now))
    .union(
      grantingFamilyPlans(db, userId, now).select((eb) => [
        'subscriptions.product_id',
        grantsUntil(eb),
      ]),
    ),
);

/** Family subscriptions that make a user a member and grant the plan now. */
function grantingFamilyPlans(db: Executor, userId: number, now: string) {
  return db
    .selectFrom('users')
    .innerJoin('family_members', 'family_members.email', 'users.email')
    .innerJoin('subscriptions', 'subscriptions.user_id', 'family_members.owner_id')
    .where('users.id', '=', userId)
    .where('subscriptions.product_id', '=', FAMILY_PRODUCT_ID)
    .where((eb) => grantsAccess(eb, now));
}

/** The Family subscription a user enjoys as a member, if the owner's one grants the plan now. */
const familySubscriptions = prepared((db, userId: number, now: string) =>
  grantingFamilyPlans(db, userId, now)
    .selectAll('subscriptions')
    .orderBy('subscriptions.id', 'desc')
    .limit(1),
);

export async function familySubscriptionOf(
  db: Executor,
  userId: number,
  now: string,
): Promise<SubscriptionRow | undefined> {
  const [subscription] = await familySubscriptions(db, userId, now);
  return subscription;
}

export function familyMembersOf(db: Executor, ownerId: number): Promise<FamilyMemberRow[]> {
  return db
    .selectFrom('family_members')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('slot')
    .execute();
}

/** Which of these e-mails already sit in another owner's family. */
export async function emailsInOtherFamilies(
  db: Executor,
  ownerId: number,
  emails: string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('family_members')
    .select('email')
    .where('email', 'in', emails)
    .where('owner_id', '<>', ownerId)
    .execute();
  return rows.map((row) => row.email);
}

/** Replaces the owner's member e-mails, slot by slot, in one transaction. */
export async function saveFamilyMembers(
  db: Kysely<Database>,
  ownerId: number,
  slots: { slot: number; email: string | null }[],
): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('family_members')
      .where('owner_id', '=', ownerId)
      .where(
        'slot',
        'in',
        slots.map((slot) => slot.slot),
      )
      .execute();
    const filled = slots.filter((slot): slot is { slot: number; email: string } => !!slot.email);
    if (filled.length === 0) return;
    await trx
      .insertInto('family_members')
      .values(
        filled.map((slot) => ({
          owner_id: ownerId,
          slot: slot.slot,
          email: slot.email,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
}

export async function findCustomerId(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('billing_customers')
    .select('gateway_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.gateway_customer_id;
}

export async function findUserOfCustomer(
  db: Executor,
  customerId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('billing_customers')
    .select('user_id')
    .where('gateway_customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertCustomer(db: Executor, userId: number, customerId: string) {
  await db
    .insertInto('billing_customers')
    .values({ user_id: userId, gateway_customer_id: customerId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Claims a gateway event for processing; false when it was processed (or claimed) before. */
export async function claimEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({ id, type, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives an event back, so the gateway's next delivery is processed. */
export async function releaseEvent(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('billing_events').where('id', '=', id).execute();
}
