import { BADGE_PRICES } from '../constants.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { badgeIdSchema, unixSecondsSchema, userIdSchema } from './common.ts';

// The badge shop (spec admin §2 shop, §3 checkout request, §4 shop purchase, §5 shop validation, §9 currency).

export const SHOP_CURRENCY = 'jpy';
/** How long a checkout session (and the stock unit it reserves) lives: Stripe's minimum. */
export const CHECKOUT_LIFETIME_SECONDS = 30 * 60;
/** The card the built-in test payment accepts (Stripe's own test card number). */
export const TEST_CARD_NUMBER = '4242424242424242';
/** The built-in test payment declines this one, as Stripe's test card for declines does. */
export const TEST_DECLINED_CARD_NUMBER = '4000000000000002';
/** Where Stripe's hosted checkout pages live. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com/';
/** The built-in test payment page of this site. */
export const TEST_CHECKOUT_PATH = '/shop/test-checkout/';

/**
 * POST /api/shop/checkout (and the spec's POST /create-checkout-session): `{ badgeId, badgeName, price, userId }`.
 * Only the badge id is trusted: price and user are checked against the catalogue and the session.
 */
export const checkoutRequestSchema = z.object({
  badgeId: badgeIdSchema,
  badgeName: z.string().max(200).optional(),
  price: z.number(V.SHOP_PRICE_INVALID).int(V.SHOP_PRICE_INVALID).nonnegative(V.SHOP_PRICE_INVALID).optional(),
  userId: userIdSchema.optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutReplySchema = z.object({ url: z.string(), session_id: z.string() });
export type CheckoutReply = z.infer<typeof checkoutReplySchema>;

/** The web app leaves for the checkout page only when it is Stripe's or this site's test page (spec admin §5). */
export function isCheckoutUrl(url: string, siteOrigin: string): boolean {
  return url.startsWith(STRIPE_CHECKOUT_ORIGIN) || url.startsWith(`${siteOrigin}${TEST_CHECKOUT_PATH}`);
}

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'expired', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '支払い待ち',
  paid: '支払い済み（付与待ち）',
  fulfilled: '付与済み',
  expired: '期限切れ',
  failed: '支払い失敗',
  refunded: '返金済み',
};

/** Why a paid order was not fulfilled, or a checkout failed. */
export const ORDER_PROBLEMS = ['sold_out', 'amount_mismatch', 'provider_error', 'payment_failed'] as const;
export type OrderProblem = (typeof ORDER_PROBLEMS)[number];

export const orderSchema = z.object({
  order_id: z.string(),
  session_id: z.string().nullable(),
  user_id: z.string(),
  badge_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: unixSecondsSchema,
  expires_at: unixSecondsSchema,
  paid_at: unixSecondsSchema.nullable(),
  fulfilled_at: unixSecondsSchema.nullable(),
  refunded_at: unixSecondsSchema.nullable(),
  /** Why a paid order could not be fulfilled (e.g. sold out after the session expired); null otherwise. */
  problem: z.enum(ORDER_PROBLEMS).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const ordersReplySchema = z.object({ orders: z.array(orderSchema) });
/** The admin's order list: the buyer's trainer name added. */
export const adminOrderSchema = orderSchema.extend({ trainer_name: z.string() });
export const adminOrdersReplySchema = z.object({ orders: z.array(adminOrderSchema) });
export const orderParamsSchema = z.object({
  session_id: z.string().regex(/^[A-Za-z0-9_]{1,255}$/, V.ORDER_ID_INVALID),
});

/** A badge as the shop lists it. */
export const shopBadgeSchema = z.object({
  id: z.string(),
  price: z.number().int(),
  /** 0: unlimited. */
  max_sales: z.number().int(),
  current_sales: z.number().int(),
  /** Units left to buy now (null: unlimited); reserved units of open checkouts are not available. */
  remaining: z.number().int().nullable(),
  sold_out: z.boolean(),
  /** The signed-in player owns it. */
  owned: z.boolean(),
});
export type ShopBadge = z.infer<typeof shopBadgeSchema>;
export const shopBadgesReplySchema = z.object({ mode: z.enum(['stripe', 'test']), badges: z.array(shopBadgeSchema) });
export type ShopBadgesReply = z.infer<typeof shopBadgesReplySchema>;

/** The built-in test payment page's data. */
export const testCheckoutSchema = z.object({
  session_id: z.string(),
  badge_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  expires_at: unixSecondsSchema,
  cancel_url: z.string(),
  success_url: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;
export const testPaySchema = z.object({
  card_number: z
    .string(V.TEST_CARD_INVALID)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{16}$/.test(v), V.TEST_CARD_INVALID),
});
export const testPayReplySchema = z.object({ redirect_url: z.string() });

/** PUT /api/admin/badges/{id}: price, stock and sale state of a shop badge. */
export const adminBadgeUpdateSchema = z
  .object({
    price: z
      .number(V.SHOP_PRICE_INVALID)
      .int(V.SHOP_PRICE_INVALID)
      // 0 would take the badge off sale without saying so: is_active says that.
      .refine((p) => p > 0 && (BADGE_PRICES as readonly number[]).includes(p), V.SHOP_PRICE_INVALID)
      .optional(),
    max_sales: z
      .number(V.MAX_SALES_INVALID)
      .int(V.MAX_SALES_INVALID)
      .min(0, V.MAX_SALES_INVALID)
      .max(100_000, V.MAX_SALES_INVALID)
      .optional(),
    is_active: z.boolean(V.FLAG_INVALID).optional(),
  })
  .strict();
export const adminOrdersQuerySchema = z.object({
  status: z.enum(['all', ...ORDER_STATUSES], V.ORDER_STATUS_FILTER_INVALID).default('all'),
});
export const adminOrderParamsSchema = z.object({
  order_id: z.string().regex(/^ord_[A-Za-z0-9_-]{1,64}$/, V.ORDER_ID_INVALID),
});
