import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { shopAdminRoutes } from './admin-routes.ts';
import { StripeProvider, stripeClient, TestPaymentProvider } from './provider.ts';
import { shopRoutes } from './routes.ts';
import { RECONCILE_JOB, reconcile, type Shop } from './service.ts';

export interface ShopModule extends Module {
  /** Null when the shop is off (SHOP_ENABLED=false). */
  shop: Shop | null;
}

/** The badge shop: checkout with Stripe (or the built-in test payment), the provider's webhook, orders. */
export function shopModule(ctx: AppContext): ShopModule {
  const stripe = stripeClient(ctx.config);
  const config = ctx.config.shop;
  const shop: Shop | null = config
    ? {
        ctx,
        provider:
          config.mode === 'stripe'
            ? new StripeProvider(stripe)
            : new TestPaymentProvider(ctx.db, ctx.config.publicUrl, ctx.now),
        lastPolled: new Map(),
      }
    : null;
  if (shop) {
    ctx.jobs.define({ name: RECONCILE_JOB, schedule: { cron: '* * * * *' }, run: () => reconcile(shop), quiet: true });
  }
  return { name: 'shop', shop, routes: [...shopRoutes(ctx, shop, stripe), ...shopAdminRoutes(shop)] };
}
