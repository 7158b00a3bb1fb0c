import { z } from 'zod';
import { integer } from './http.js';
import { permissionSchema } from './permissions.js';
import { displayText } from './text.js';

/** The Family plan (spec section 3): its holder may add three member e-mail addresses. */
export const FAMILY_PRODUCT_ID = 3;
export const FAMILY_SLOTS = 3;

export { BILLING_PERMISSIONS } from './billing-permissions.js';

export const PRICE_INTERVALS = ['day', 'month', 'year'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

export const priceSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  /** Minor units: 1990 is 19.90. */
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(PRICE_INTERVALS),
  interval_count: z.number(),
});
export type Price = z.infer<typeof priceSchema>;

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  free: z.boolean(),
  hidden: z.boolean(),
  recommended: z.boolean(),
  position: z.number(),
  feature_list: z.array(z.string()),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;

/** What admins see of a plan: also the permissions it grants and its retired prices. */
export const adminProductSchema = productSchema.extend({
  permissions: z.array(permissionSchema),
  archived_prices: z.array(priceSchema),
  subscribers: z.number(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, such as BRL.');

export const priceInputSchema = z.object({
  /** An existing price to keep; a price without an id is new. */
  id: integer({ min: 1 }).optional(),
  amount: z
    .number({ message: 'The amount must be a whole number of cents.' })
    .int('The amount must be a whole number of cents.')
    .min(0, 'The amount cannot be negative.')
    .max(100_000_000),
  currency,
  interval: z.enum(PRICE_INTERVALS, { message: 'The interval is day, month or year.' }),
  interval_count: z.number().int().min(1).max(365).default(1),
});
export type PriceInput = z.infer<typeof priceInputSchema>;

export const productInputSchema = z.object({
  name: displayText(100, { required: 'The name field is required.' }),
  description: displayText(1000, { multiline: true }).nullish(),
  free: z.boolean().default(false),
  hidden: z.boolean().default(false),
  recommended: z.boolean().default(false),
  position: z.number().int().min(0).max(1000).default(0),
  feature_list: z.array(displayText(200)).max(30).default([]),
  prices: z.array(priceInputSchema).max(20).default([]),
  permissions: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(100),
        restrictions: z
          .array(
            z.object({
              name: z.string().trim().min(1).max(50),
              value: z.union([z.number(), z.string().max(100), z.boolean(), z.null()]),
            }),
          )
          .max(10)
          .default([]),
      }),
    )
    .max(50)
    .default([]),
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const SUBSCRIPTION_GATEWAYS = ['stripe', 'manual', 'voucher'] as const;

/** A subscription as its holder and admins see it. */
export const subscriptionSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  product_id: z.number(),
  price_id: z.number().nullable(),
  product: z.object({ id: z.number(), name: z.string() }),
  price: priceSchema.nullable(),
  gateway: z.enum(SUBSCRIPTION_GATEWAYS),
  gateway_status: z.string(),
  /** Grants the plan now: active, trialing, in a payment grace period or cancelled but not over. */
  valid: z.boolean(),
  /** Running at the gateway (active or trialing). */
  active: z.boolean(),
  on_grace_period: z.boolean(),
  cancel_at_period_end: z.boolean(),
  trial_ends_at: z.string().nullable(),
  renews_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** A downgrade waiting for the end of the period. */
  pending: z
    .object({ product: z.object({ id: z.number(), name: z.string() }), from: z.string() })
    .nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A subscription in the admin area's list: also whose it is. */
export const adminSubscriptionSchema = subscriptionSchema.extend({
  user: z.object({ id: z.number(), email: z.string(), display_name: z.string() }).nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const paymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().nullable(),
  exp_year: z.number().nullable(),
});

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  url: z.string().nullable(),
  pdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET billing/subscription: everything /billing shows. */
export const billingOverviewSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  payment_method: paymentMethodSchema.nullable(),
  invoices: z.array(invoiceSchema),
  /** The gateway's customer portal can be opened. */
  portal: z.boolean(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

const productAndPrice = {
  product_id: integer({ min: 1 }),
  price_id: integer({ min: 1 }),
};

export const voucherCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Enter a voucher code.')
  .max(64)
  .regex(/^[A-Z0-9_-]+$/, 'A voucher code has letters, digits, - and _ only.');

export const checkoutBodySchema = z.object({
  ...productAndPrice,
  voucher_code: voucherCodeSchema.optional(),
});
export const changePlanBodySchema = z.object(productAndPrice);
/**
 * POST billing/change-plan: the plan, and the `proration_date` of the preview the user saw, so
 * the charge is worked out as of the same moment as the amount shown.
 */
export const changePlanConfirmBodySchema = z.object({
  ...productAndPrice,
  proration_date: integer({ min: 1 }).optional(),
});

/** POST vouchers/preview-register (spec section 3, "Voucher preview response"). */
export const voucherPreviewSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  voucher: z
    .object({ id: z.number(), code: z.string(), discount_percentage: z.number() })
    .optional(),
  plan: z
    .object({
      product_id: z.number(),
      price_id: z.number(),
      product_name: z.string(),
      interval: z.enum(PRICE_INTERVALS),
    })
    .optional(),
  pricing: z
    .object({
      original_price: z.number(),
      discount_amount: z.number(),
      final_price: z.number(),
      discount_percentage: z.number(),
      currency: z.string(),
    })
    .optional(),
});
export type VoucherPreview = z.infer<typeof voucherPreviewSchema>;

/** English, as every API message is; the web app shows it in the visitor's language. */
export const INVALID_VOUCHER = 'Invalid voucher.';
export const VALID_VOUCHER = 'Valid voucher.';

export const createFreeSubscriptionBodySchema = z.object({
  ...productAndPrice,
  voucher_id: integer({ min: 1 }),
});

/** POST vouchers/redeem: a signed-in user redeems a code from /billing or checkout. */
export const redeemVoucherBodySchema = z.object({ voucher_code: voucherCodeSchema });

/**
 * What redeeming a code gave: a 100 % voucher's plan at once (`subscription`), or the discounted
 * checkout a partial voucher leads to (`checkout`: its plan, price and code).
 */
export const redeemVoucherResultSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  checkout: z
    .object({ product_id: z.number(), price_id: z.number(), voucher_code: z.string() })
    .nullable(),
});
export type RedeemVoucherResult = z.infer<typeof redeemVoucherResultSchema>;

/** The refusals of a redemption, in English; the web app shows them in the visitor's language. */
export const REDEEM_REFUSALS = {
  unknown: 'There is no voucher with this code.',
  expired: 'This voucher has expired.',
  usedUp: 'This voucher has been used up.',
  alreadyRedeemed: 'You have already redeemed this voucher.',
  subscribed: 'You already have a subscription. Redeem the code when it ends.',
} as const;

/** POST billing/change-plan/preview: what changing to this plan charges now. */
export const changePlanPreviewSchema = z.object({
  upgrade: z.boolean(),
  /** Charged at once, in the currency's minor unit (0 for a downgrade, which starts later). */
  amount_due: z.number(),
  currency: z.string(),
  /** The moment (seconds since the epoch) the amount was worked out as of. */
  proration_date: z.number(),
});
export type ChangePlanPreview = z.infer<typeof changePlanPreviewSchema>;

export const voucherSchema = z.object({
  id: z.number(),
  code: z.string(),
  discount_percentage: z.number(),
  product_id: z.number(),
  price_id: z.number(),
  currency: z.string(),
  max_uses: z.number().nullable(),
  uses: z.number(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherInputSchema = z.object({
  code: voucherCodeSchema,
  discount_percentage: z
    .number({ message: 'The discount is a whole percentage from 1 to 100.' })
    .int('The discount is a whole percentage from 1 to 100.')
    .min(1, 'The discount is a whole percentage from 1 to 100.')
    .max(100, 'The discount is a whole percentage from 1 to 100.'),
  ...productAndPrice,
  currency: currency.default('BRL'),
  max_uses: z.number().int().min(1).nullish(),
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});

export const grantSubscriptionBodySchema = z.object({
  user_id: integer({ min: 1 }),
  ...productAndPrice,
  ends_at: z.iso.datetime({ offset: true }).nullish(),
});

/** The Family plan's member e-mails (spec section 3). */
export const familyAccountsSchema = z.object({
  email_1: z.string().nullable(),
  email_2: z.string().nullable(),
  email_3: z.string().nullable(),
});
export type FamilyAccounts = z.infer<typeof familyAccountsSchema>;

export const FAMILY_MESSAGES = {
  noSubscription: 'Você não tem uma assinatura Família ativa para esta ação.',
  saved: 'Registros salvos com sucesso!',
  atLeastOne: 'Por favor, preencha pelo menos um campo de email.',
} as const;

export const childAccountsResponseSchema = z.union([
  z.object({ status: z.literal('success'), accounts: familyAccountsSchema }),
  z.object({ status: z.literal('blocked'), message: z.string() }),
]);

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .refine(
    (value) => value === '' || z.email().safeParse(value).success,
    'Enter a valid email address.',
  )
  .nullish();

export const saveFamilyEmailsBodySchema = z.object({
  userId: integer({ min: 1 }),
  emails: z.object({
    email1: optionalEmail,
    email2: optionalEmail,
    email3: optionalEmail,
    /** The slot being edited ('email1'…), or null when the form saves all of them. */
    editingField: z.enum(['email1', 'email2', 'email3']).nullish(),
  }),
  /** The holder's Family subscription; null or absent means "mine", whichever that is. */
  subscriptionId: integer({ min: 1 }).nullish(),
});

/** The plan a Family member enjoys, through whom (the plan panel of account settings). */
export const familyMembershipSchema = z.object({
  product: z.object({ id: z.number(), name: z.string() }),
  owner: z.object({ display_name: z.string() }),
});
