import {
  FAMILY_MESSAGES,
  FAMILY_PRODUCT_ID,
  FAMILY_SLOTS,
  type FamilyAccounts,
} from '@cadenza/contracts/billing';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { displayName } from '@cadenza/contracts/display-name';
import type { UsersService } from '../users/users.service.js';
import type { ProductsService } from './products.service.js';
import { grantsAccess } from './subscription-access.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import * as repo from './subscriptions.repo.js';

export type FamilyService = ReturnType<typeof createFamilyService>;

type Slots = { email1?: string | null; email2?: string | null; email3?: string | null };

/**
 * The Family plan (spec sections 2, 3 and 7): its holder lists up to three member e-mails; an
 * account with such an e-mail, now or once registered, holds the plan's permissions while the
 * holder's subscription does. One e-mail sits in one family; the holder is not a member.
 */
export function createFamilyService({
  db,
  users,
  products,
  subscriptions,
}: {
  db: Kysely<Database>;
  users: UsersService;
  products: ProductsService;
  subscriptions: SubscriptionsService;
}) {
  /** Only the signed-in holder asks about their own family; anyone else's id is refused. */
  function self(request: FastifyRequest, userId: number): number {
    if (!request.user) throw AppError.unauthenticated();
    if (request.user.id !== userId) throw AppError.forbidden();
    return userId;
  }

  async function familySubscription(userId: number) {
    const current = await subscriptions.current(userId);
    return current?.product_id === FAMILY_PRODUCT_ID ? current : undefined;
  }

  async function accountsOf(ownerId: number): Promise<FamilyAccounts> {
    const members = await repo.familyMembersOf(db, ownerId);
    const email = (slot: number) => members.find((member) => member.slot === slot)?.email ?? null;
    return { email_1: email(1), email_2: email(2), email_3: email(3) };
  }

  return {
    /** GET /get-child-accounts.php */
    async childAccounts(request: FastifyRequest, userId: number) {
      const ownerId = self(request, userId);
      if (!(await familySubscription(ownerId))) {
        return { status: 'blocked' as const, message: FAMILY_MESSAGES.noSubscription };
      }
      return { status: 'success' as const, accounts: await accountsOf(ownerId) };
    },

    /** POST /save-emails.php */
    async saveEmails(
      request: FastifyRequest,
      input: { userId: number; subscriptionId?: number | null | undefined; emails: Slots },
    ): Promise<{ message: string; accounts: FamilyAccounts }> {
      const ownerId = self(request, input.userId);
      const subscription = await familySubscription(ownerId);
      // A client that does not know the id (or knows the user has none) may leave it out; one
      // that names a subscription must name the holder's own.
      const named = input.subscriptionId ?? subscription?.id;
      if (!subscription || subscription.id !== named) {
        throw new AppError(403, FAMILY_MESSAGES.noSubscription, { code: 'no_family_subscription' });
      }
      const slots = [1, 2, 3].slice(0, FAMILY_SLOTS).map((slot) => ({
        slot,
        email: input.emails[`email${slot}` as keyof Slots]?.trim().toLowerCase() || null,
      }));
      const filled = slots.filter((slot) => slot.email).map((slot) => slot.email!);
      if (filled.length === 0) {
        throw AppError.validation(
          { email1: FAMILY_MESSAGES.atLeastOne },
          FAMILY_MESSAGES.atLeastOne,
        );
      }
      const errors: Record<string, string> = {};
      const owner = request.user!;
      for (const { slot, email } of slots) {
        if (!email) continue;
        const field = `email${slot}`;
        if (email === owner.email.toLowerCase())
          errors[field] = 'You are already on the plan: add someone else.';
        else if (filled.indexOf(email) !== filled.lastIndexOf(email))
          errors[field] = 'This e-mail is listed twice.';
      }
      const taken = await repo.emailsInOtherFamilies(db, ownerId, filled);
      for (const { slot, email } of slots) {
        if (email && taken.includes(email))
          errors[`email${slot}`] = 'This e-mail is already a member of another family.';
      }
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      await repo.saveFamilyMembers(db, ownerId, slots);
      return { message: FAMILY_MESSAGES.saved, accounts: await accountsOf(ownerId) };
    },

    /** GET /update-user-roles.php: the user's subscriptions, their family membership included. */
    async updateUserRoles(request: FastifyRequest, userId: number) {
      return { subscriptions: await subscriptions.summariesOf(self(request, userId)) };
    },

    /** The plan panel of a Family member: which plan, through whom. */
    async membershipOf(userId: number) {
      const subscription = await subscriptions.familySubscriptionOf(userId);
      if (!subscription || subscription.user_id === userId || !grantsAccess(subscription))
        return null;
      const [product, owner] = await Promise.all([
        products.findProduct(subscription.product_id),
        users.findById(subscription.user_id),
      ]);
      return {
        product: { id: subscription.product_id, name: product?.name ?? 'Family' },
        owner: { display_name: owner ? displayName(owner) : 'Deleted user' },
      };
    },
  };
}
