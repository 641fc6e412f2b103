import { randomBytes } from 'node:crypto';
import {
  BADGE_CONDITION_SHOP,
  type Badge,
  CHECKOUT_LIFETIME_SECONDS,
  type Order,
  type OrderStatus,
  SHOP_CURRENCY,
  type ShopBadge,
} from '@rankmatch/shared';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { UserRow } from '../accounts/queries.ts';
import { recordAudit } from '../audit/log.ts';
import { countSale, grantBadges, liveCatalogue, revokeBadges } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { badges, orders, userBadges, users } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { type OrderRow, presentOrder } from './presenter.ts';
import {
  type CheckoutSessionState,
  type PaymentProvider,
  TestPaymentProvider,
  type TestPaymentRow,
} from './provider.ts';

// The badge shop: checkout, the provider's events, fulfilment, reconciliation. Every change of an order starts from
// its status under its row lock, and a webhook only says "read the session again", so duplicates and late events end
// in the provider's final state once; stock is reserved under the badge's lock (docs/shop.md).

export const RECONCILE_JOB = 'shop-reconcile';
/** Pending orders older than this are read back from the provider by the reconciliation job. */
export const RECONCILE_AFTER_SECONDS = 180;
/** A checkout completed with a delayed payment method keeps its unit this long. */
const ASYNC_PAYMENT_HOLD_SECONDS = 3 * 86_400;

/** On sale: the shop's condition text, active, a price above 0. */
export const isOnSale = (b: Badge) => b.condition === BADGE_CONDITION_SHOP && b.is_active && b.price > 0;

/** Orders holding a unit of stock at `now`. */
const holdsStock = (now: number) =>
  or(
    and(eq(orders.status, 'pending'), gt(orders.expiresAt, now)),
    and(eq(orders.status, 'paid'), isNull(orders.problem)),
  );

async function reservedUnits(db: Executor, badgeIds: string[], now: number, except?: string) {
  if (badgeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ badgeId: orders.badgeId, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(inArray(orders.badgeId, badgeIds), holdsStock(now), except ? ne(orders.id, except) : undefined))
    .groupBy(orders.badgeId);
  return new Map(rows.map((r) => [r.badgeId, r.n]));
}

const remainingOf = (b: Badge, reserved: number) =>
  b.max_sales > 0 ? Math.max(0, b.max_sales - b.current_sales - reserved) : null;

/** How often a polled pending order may be read back from the provider. */
const POLL_SYNC_SECONDS = 10;

/** The shop of this instance: the app's context, the payment provider, and when each pending order was last polled. */
export interface Shop {
  ctx: AppContext;
  provider: PaymentProvider;
  lastPolled: Map<string, number>;
}

export function shopMode(shop: Shop) {
  return shop.provider.mode;
}

/** The badges on sale, with what is left and whether the player owns them. */
export async function shopCatalogue(shop: Shop, userId: string | null): Promise<ShopBadge[]> {
  const onSale = (await liveCatalogue(shop.ctx.db)).filter(isOnSale);
  const [reserved, owned] = await Promise.all([
    reservedUnits(
      shop.ctx.db,
      onSale.map((b) => b.id),
      shop.ctx.now(),
    ),
    userId
      ? shop.ctx.db.select({ id: userBadges.badgeId }).from(userBadges).where(eq(userBadges.userId, userId))
      : Promise.resolve([]),
  ]);
  const mine = new Set(owned.map((o) => o.id));
  return onSale.map((b) => {
    const remaining = remainingOf(b, reserved.get(b.id) ?? 0);
    return {
      id: b.id,
      price: b.price,
      max_sales: b.max_sales,
      current_sales: b.current_sales,
      remaining,
      sold_out: remaining === 0,
      owned: mine.has(b.id),
    };
  });
}

/**
 * Creates a checkout for one badge. The price and the buyer come from the catalogue and the session; a client
 * that sends another price or user id is refused, never charged differently. A unit is reserved before the
 * provider is called; a failed provider call releases it.
 */
export async function checkout(
  shop: Shop,
  user: UserRow,
  request: { badgeId: string; price?: number | undefined; userId?: string | undefined },
) {
  if (request.userId !== undefined && request.userId !== user.id) throw new AppError('SHOP_USER_MISMATCH');
  const now = shop.ctx.now();
  const badge = (await liveCatalogue(shop.ctx.db)).find((b) => b.id === request.badgeId);
  if (!badge) throw new AppError('BADGE_NOT_FOUND');
  if (!isOnSale(badge)) throw new AppError('SHOP_NOT_FOR_SALE');
  if (request.price !== undefined && request.price !== badge.price) throw new AppError('SHOP_PRICE_MISMATCH');

  const reservation = await reserve(shop, user.id, badge, now);
  if (reservation.reused) {
    return { url: reservation.reused.checkoutUrl as string, session_id: reservation.reused.sessionId as string };
  }
  return openCheckout(shop, reservation.created, user.id, badge);
}

/**
 * Reserves a unit of the badge for the player (a pending order), or hands back their own open checkout of it.
 * One checkout of this badge at a time: the stock count and the reservation are consistent.
 */
function reserve(shop: Shop, userId: string, badge: Badge, now: number) {
  return shop.ctx.db.transaction(async (tx) => {
    const [live] = await tx.select().from(badges).where(eq(badges.id, badge.id)).for('update');
    const [owns] = await tx
      .select({ id: userBadges.badgeId })
      .from(userBadges)
      .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badge.id)));
    if (owns) throw new AppError('SHOP_ALREADY_OWNED');
    // The player's own open checkout of this badge is handed back instead of reserving a second unit.
    const [open] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.badgeId, badge.id),
          eq(orders.status, 'pending'),
          gt(orders.expiresAt, now + 60),
          isNotNull(orders.checkoutUrl),
        ),
      )
      .limit(1);
    if (open?.sessionId && open.checkoutUrl) return { reused: open, created: null };
    const price = live?.price ?? badge.price;
    const maxSales = live?.maxSales ?? badge.max_sales;
    if (maxSales > 0) {
      const reserved = (await reservedUnits(tx, [badge.id], now)).get(badge.id) ?? 0;
      if ((live?.currentSales ?? 0) + reserved >= maxSales) throw new AppError('SHOP_SOLD_OUT');
    }
    const id = `ord_${randomBytes(12).toString('base64url')}`;
    const [row] = await tx
      .insert(orders)
      .values({
        id,
        userId: userId,
        badgeId: badge.id,
        amount: price,
        currency: SHOP_CURRENCY,
        status: 'pending',
        createdAt: now,
        expiresAt: now + CHECKOUT_LIFETIME_SECONDS,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('order insert returned nothing');
    return { reused: null, created: row };
  });
}

/** The provider's checkout session for a reserved order; a failed provider call releases the unit. */
async function openCheckout(shop: Shop, order: OrderRow, userId: string, badge: Badge) {
  const base = shop.ctx.config.publicUrl;
  try {
    const session = await shop.provider.createSession({
      orderId: order.id,
      userId,
      badgeId: badge.id,
      badgeName: badge.display,
      amount: order.amount,
      expiresAt: order.expiresAt,
      successUrl: `${base}/shop?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/shop?checkout=cancel`,
    });
    await shop.ctx.db
      .update(orders)
      .set({ sessionId: session.id, checkoutUrl: session.url, updatedAt: shop.ctx.now() })
      .where(eq(orders.id, order.id));
    return { url: session.url, session_id: session.id };
  } catch (err) {
    await shop.ctx.db
      .update(orders)
      .set({ status: 'failed', problem: 'provider_error', updatedAt: shop.ctx.now() })
      .where(eq(orders.id, order.id));
    if (err instanceof AppError) throw err;
    throw new AppError('SHOP_PROVIDER_FAILED');
  }
}

/** A verified provider event. Returns what it did (for the log). */
export async function handleEvent(shop: Shop, event: Stripe.Event): Promise<string> {
  const object = event.data.object as { id?: string; payment_intent?: string | null; refunded?: boolean };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return object.id ? syncOrder(shop, object.id) : 'ignored';
    case 'checkout.session.async_payment_failed':
      return object.id ? syncOrder(shop, object.id, { paymentFailed: true }) : 'ignored';
    case 'charge.refunded':
      return object.payment_intent && object.refunded ? refund(shop, object.payment_intent) : 'ignored';
    default:
      return 'ignored';
  }
}

/**
 * Brings an order up to its session's state at the provider: fulfilled when paid, expired when the session
 * expired, failed when a delayed payment failed. Safe to call any number of times, in any order.
 */
export async function syncOrder(
  shop: Shop,
  sessionId: string,
  hint: { paymentFailed?: boolean } = {},
): Promise<string> {
  const [known] = await shop.ctx.db.select().from(orders).where(eq(orders.sessionId, sessionId));
  if (!known) return 'unknown_session';
  if (known.status === 'fulfilled' || known.status === 'refunded') return 'done';
  const session = await shop.provider.retrieveSession(sessionId);
  if (!session) return 'unknown_session';
  return shop.ctx.write(async (work) => {
    const [order] = await work.tx.select().from(orders).where(eq(orders.id, known.id)).for('update');
    if (!order) return 'unknown_session';
    return applySession(shop, work, order, session, hint);
  });
}

/** What the provider's session says happened to the order (under its lock); returns the outcome. */
async function applySession(
  shop: Shop,
  work: Work,
  order: OrderRow,
  session: CheckoutSessionState,
  hint: { paymentFailed?: boolean },
): Promise<string> {
  const { tx } = work;
  const now = shop.ctx.now();
  if (order.status === 'fulfilled' || order.status === 'refunded') return 'done';
  if (session.payment_status === 'paid') {
    if (session.amount_total !== null && session.amount_total !== order.amount) {
      await setOrder(shop, tx, order.id, { status: 'paid', problem: 'amount_mismatch', paidAt: order.paidAt ?? now });
      return 'amount_mismatch';
    }
    return fulfil(shop, work, order, session.payment_intent, now);
  }
  if (hint.paymentFailed && order.status === 'pending') {
    await setOrder(shop, tx, order.id, { status: 'failed', problem: 'payment_failed' });
    return 'failed';
  }
  if (session.status === 'expired' && order.status === 'pending') {
    await setOrder(shop, tx, order.id, { status: 'expired' });
    return 'expired';
  }
  if (session.status === 'complete' && order.status === 'pending') {
    // A delayed payment method: the unit stays reserved while the payment is processed.
    await setOrder(shop, tx, order.id, { expiresAt: Math.max(order.expiresAt, now + ASYNC_PAYMENT_HOLD_SECONDS) });
    return 'processing';
  }
  return 'unchanged';
}

/** Grant, current_sales + 1, fulfilled: one transaction, under the order's lock. */
async function fulfil(
  shop: Shop,
  work: Work,
  order: OrderRow,
  paymentIntent: string | null,
  now: number,
): Promise<string> {
  const { tx } = work;
  const [badge] = await tx.select().from(badges).where(eq(badges.id, order.badgeId)).for('update');
  const catalogue = (await liveCatalogue(tx)).find((b) => b.id === order.badgeId);
  const maxSales = badge?.maxSales ?? catalogue?.max_sales ?? 0;
  // Does the order still hold its unit? A paid order with a recorded problem does not.
  const holds =
    (order.status === 'paid' && order.problem === null) || (order.status === 'pending' && order.expiresAt > now);
  const lapsed = !holds;
  if (maxSales > 0 && lapsed) {
    // Its reservation lapsed: only a unit nobody else holds may be sold.
    const others = (await reservedUnits(tx, [order.badgeId], now, order.id)).get(order.badgeId) ?? 0;
    if ((badge?.currentSales ?? 0) + others >= maxSales) {
      await setOrder(shop, tx, order.id, {
        status: 'paid',
        problem: 'sold_out',
        paidAt: order.paidAt ?? now,
        paymentIntent,
      });
      return 'sold_out';
    }
  }
  await grantBadges(work, [
    { userId: order.userId, badgeId: order.badgeId, source: 'purchase', reference: order.id, now },
  ]);
  await countSale(tx, order.badgeId, 1);
  await setOrder(shop, tx, order.id, {
    status: 'fulfilled',
    problem: null,
    paidAt: order.paidAt ?? now,
    fulfilledAt: now,
    paymentIntent,
  });
  return 'fulfilled';
}

/** A full refund: the badge is taken back and the unit returns to the stock. */
async function refund(shop: Shop, paymentIntent: string): Promise<string> {
  return shop.ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentIntent, paymentIntent)).for('update');
    if (!order) return 'unknown_payment';
    if (order.status === 'refunded') return 'done';
    const now = shop.ctx.now();
    if (order.status === 'fulfilled') {
      await tx.select().from(badges).where(eq(badges.id, order.badgeId)).for('update');
      await revokeBadges(tx, order.userId, [order.badgeId], now);
      await countSale(tx, order.badgeId, -1);
    }
    await setOrder(shop, tx, order.id, { status: 'refunded', refundedAt: now });
    return 'refunded';
  });
}

async function setOrder(shop: Shop, tx: Tx, id: string, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: shop.ctx.now() })
    .where(eq(orders.id, id));
}

/**
 * The job: orders the provider may have changed without telling us (a lost webhook, a crash between payment and
 * webhook) are read back; reservations whose checkout never reached the provider are released.
 */
export async function reconcile(shop: Shop): Promise<{ synced: number; released: number }> {
  const now = shop.ctx.now();
  const stale = await shop.ctx.db
    .select({ sessionId: orders.sessionId })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['pending', 'paid']),
        isNotNull(orders.sessionId),
        lt(orders.updatedAt, now - RECONCILE_AFTER_SECONDS),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(200);
  let synced = 0;
  for (const { sessionId } of stale) {
    if (!sessionId) continue;
    await syncOrder(shop, sessionId);
    synced += 1;
  }
  const released = await shop.ctx.db
    .update(orders)
    .set({ status: 'failed', problem: 'provider_error', updatedAt: now })
    .where(
      and(eq(orders.status, 'pending'), isNull(orders.sessionId), lt(orders.createdAt, now - RECONCILE_AFTER_SECONDS)),
    )
    .returning({ id: orders.id });
  return { synced, released: released.length };
}

/** The built-in test payment's session and its order, for its page. */
export async function testCheckout(
  shop: Shop,
  sessionId: string,
): Promise<{ payment: TestPaymentRow; order: OrderRow | undefined }> {
  const payment = await testProvider(shop).session(sessionId);
  return { payment, order: await orderRow(shop, payment.orderId) };
}

/** Pays a test session with the test card; its completion then arrives as a provider event, as Stripe's would. */
export async function payTestCheckout(
  shop: Shop,
  sessionId: string,
  cardNumber: string,
): Promise<{ payment: TestPaymentRow; order: OrderRow | undefined }> {
  const payment = await testProvider(shop).pay(sessionId, cardNumber);
  return { payment, order: await orderRow(shop, payment.orderId) };
}

function testProvider(shop: Shop): TestPaymentProvider {
  if (!(shop.provider instanceof TestPaymentProvider)) throw new AppError('TEST_CHECKOUT_NOT_FOUND');
  return shop.provider;
}

async function orderRow(shop: Shop, id: string): Promise<OrderRow | undefined> {
  const [row] = await shop.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function ordersOf(shop: Shop, userId: string): Promise<Order[]> {
  const rows = await shop.ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.sessionId)))
    .orderBy(desc(orders.createdAt));
  return rows.map(presentOrder);
}

/**
 * The player's order. A pending one is read back from the provider at most every POLL_SYNC_SECONDS while the
 * player waits on the return page, so a late or lost webhook does not keep them waiting for the job.
 */
export async function orderOf(shop: Shop, userId: string, sessionId: string): Promise<Order> {
  const read = async () =>
    (
      await shop.ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.sessionId, sessionId), eq(orders.userId, userId)))
    )[0];
  const row = await read();
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const now = shop.ctx.now();
  if (row.status !== 'pending' || (shop.lastPolled.get(sessionId) ?? 0) > now - POLL_SYNC_SECONDS) {
    return presentOrder(row);
  }
  shop.lastPolled.set(sessionId, now);
  if (shop.lastPolled.size > 10_000) shop.lastPolled.clear();
  await syncOrder(shop, sessionId).catch(() => 'provider unreachable: the job will retry');
  return presentOrder((await read()) ?? row);
}

export async function adminOrders(shop: Shop, status: OrderStatus | 'all') {
  const rows = await shop.ctx.db
    .select({ order: orders, trainerName: users.trainerName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(status === 'all' ? undefined : eq(orders.status, status))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...presentOrder(r.order), trainer_name: r.trainerName }));
}

/** Units of a badge held by open checkouts (the admin's stock edit may not go below sold + held). */
export async function reservedFor(shop: Shop, tx: Executor, badgeId: string): Promise<number> {
  return (await reservedUnits(tx, [badgeId], shop.ctx.now())).get(badgeId) ?? 0;
}

/** An admin's "fulfil again" for a paid order that could not be fulfilled: read back from the provider and apply. */
export async function fulfilAgain(
  shop: Shop,
  orderId: string,
  actor: { actorId: string; now: number },
): Promise<Order> {
  const [order] = await shop.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status !== 'paid') throw new AppError('ORDER_NOT_FULFILLABLE');
  if (!order.sessionId) throw new AppError('ORDER_NOT_PAID');
  const session = await shop.provider.retrieveSession(order.sessionId);
  if (session?.payment_status !== 'paid') throw new AppError('ORDER_NOT_PAID');
  await shop.ctx.write(async (work) => {
    const { tx } = work;
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw new AppError('ORDER_NOT_FOUND');
    if (locked.status !== 'paid') throw new AppError('ORDER_NOT_FULFILLABLE');
    // A sold-out order is fulfilled now only if the stock allows it (an admin may have raised max_sales).
    const outcome = await applySession(shop, work, locked, session, {});
    await recordAudit(tx, {
      ...actor,
      action: 'order.fulfil',
      targetType: 'order',
      targetId: orderId,
      before: { status: locked.status, problem: locked.problem },
      after: { outcome },
    });
  });
  const [after] = await shop.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return presentOrder(after as OrderRow);
}
