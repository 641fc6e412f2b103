import {
  adminBadgeUpdateSchema,
  BADGE_CONDITION_SHOP,
  BADGE_PRICES,
  type Badge,
  type ShopBadge,
  validationErrorOf,
  type z,
} from '@rankmatch/shared';
import { parseInteger } from './parse-integer.ts';

// The shop tab's badges (spec admin §2 shop): every badge whose condition is the shop's, with the shop's live numbers
// when it is on sale, and its edit form (price, stock, sale state): only changed fields sent, nothing when nothing changed.

export type AdminBadgeUpdate = z.infer<typeof adminBadgeUpdateSchema>;

/** Prices an admin can pick: the shared list without 0 (a badge at 0 yen is not sold). */
export const SHOP_PRICE_OPTIONS: readonly number[] = BADGE_PRICES.filter((p) => p > 0);

/** A shop badge as the tab lists it. */
export interface ShopBadgeRow {
  id: string;
  display: string;
  price: number;
  /** 0: unlimited. */
  max_sales: number;
  current_sales: number;
  is_active: boolean;
  /** In the shop's list now (active, price above 0). */
  on_sale: boolean;
  /** Units left to buy now (null: unlimited, or not on sale so the shop did not count its reservations). */
  remaining: number | null;
}

/**
 * The catalogue's shop badges in catalogue order. A badge the shop lists takes the shop's numbers (they include live
 * reservations); one it does not list (set inactive) keeps the catalogue's, so it can be turned back on.
 */
export function shopBadgeRows(catalogue: readonly Badge[], offers: readonly ShopBadge[]): ShopBadgeRow[] {
  const offerById = new Map(offers.map((o) => [o.id, o]));
  return catalogue
    .filter((b) => b.condition === BADGE_CONDITION_SHOP)
    .map((b) => {
      const offer = offerById.get(b.id);
      return offer
        ? {
            id: b.id,
            display: b.display,
            price: offer.price,
            max_sales: offer.max_sales,
            current_sales: offer.current_sales,
            is_active: true,
            on_sale: true,
            remaining: offer.remaining,
          }
        : {
            id: b.id,
            display: b.display,
            price: b.price,
            max_sales: b.max_sales,
            current_sales: b.current_sales,
            is_active: b.is_active,
            on_sale: false,
            remaining: null,
          };
    });
}

export interface ShopBadgeEditState {
  /** The chosen price as the select's value ('' when the badge has no price an admin could pick). */
  price: string;
  max_sales: string;
  is_active: boolean;
}

export type ShopBadgeEditField = keyof ShopBadgeEditState;

export type ShopBadgeEditOutcome =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; errors: Partial<Record<ShopBadgeEditField, string>> }
  | { kind: 'changed'; changes: AdminBadgeUpdate };

export function shopBadgeEditStateOf(row: ShopBadgeRow): ShopBadgeEditState {
  return {
    price: SHOP_PRICE_OPTIONS.includes(row.price) ? String(row.price) : '',
    max_sales: String(row.max_sales),
    is_active: row.is_active,
  };
}

/** What saving would send: nothing, field errors (the shared schema's Japanese messages), or only the changes. */
export function shopBadgeUpdateOf(row: ShopBadgeRow, state: ShopBadgeEditState): ShopBadgeEditOutcome {
  const changes: Record<string, unknown> = {};
  if (state.price !== '' && Number(state.price) !== row.price) changes.price = Number(state.price);
  const maxSales = parseInteger(state.max_sales);
  if (maxSales !== row.max_sales) changes.max_sales = maxSales;
  if (state.is_active !== row.is_active) changes.is_active = state.is_active;
  if (Object.keys(changes).length === 0) return { kind: 'unchanged' };

  const parsed = adminBadgeUpdateSchema.safeParse(changes);
  if (parsed.success) return { kind: 'changed', changes: parsed.data };
  const errors: Partial<Record<ShopBadgeEditField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ShopBadgeEditField;
    errors[field] ??= validationErrorOf(issue).message;
  }
  return { kind: 'invalid', errors };
}
