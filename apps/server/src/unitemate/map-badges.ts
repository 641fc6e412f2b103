import { BADGE_CONDITION_NOT_PURCHASABLE, BADGE_CONDITION_SHOP, isBadgeId } from '@rankmatch/shared';
import type { SourceRef } from './issues.ts';
import type { MapContext } from './map-context.ts';
import type { BadgeRow } from './rows.ts';
import type { Row } from './rows-parse.ts';

// Their badge ids → rankmatch's catalogue (through the badge map), the origin of an owned badge, and the shop's
// sales counts. Unitemate keeps no orders (a Stripe payment only appends to owned_badges), so the origin is read
// from what is known: a season's earned_badges, the badge's shop condition, else an admin's grant.

export class BadgeResolver {
  private readonly catalogue = new Map<string, BadgeRow>();
  private readonly reported = new Set<string>();

  constructor(
    private readonly ctx: MapContext,
    master: readonly Row<BadgeRow>[],
  ) {
    for (const row of master) this.catalogue.set(row.data.id, row.data);
  }

  /**
   * Our badge id for theirs: null for "no badge" ('' or null) and for a badge the map leaves out; undefined (after an
   * unknown_badge error, once per id) when neither the map nor the catalogue knows it.
   */
  resolve(id: string | null | undefined, at: SourceRef): string | null | undefined {
    if (id === null || id === undefined || id.trim() === '') return null;
    const map = this.ctx.options.badgeMap;
    if (map && Object.hasOwn(map, id)) {
      const ours = map[id] ?? null;
      if (ours !== null && !isBadgeId(ours)) return this.unknown(`${id} の対応先 ${ours}`, at);
      return ours;
    }
    if (!map && isBadgeId(id)) return id;
    return this.unknown(id, at);
  }

  private unknown(what: string, at: SourceRef): undefined {
    if (!this.reported.has(what)) {
      this.reported.add(what);
      const how = this.ctx.options.badgeMap ? '勲章の対応表にありません' : 'rankmatch の勲章カタログにありません';
      this.ctx.errorAt('unknown_badge', at, `勲章 ${what} が${how}`);
    }
    return undefined;
  }

  /** Whether their catalogue sells (or once sold) the badge: its condition is the support page's. */
  isShopBadge(id: string): boolean {
    const condition = this.catalogue.get(id)?.condition ?? '';
    return condition === BADGE_CONDITION_SHOP || condition === BADGE_CONDITION_NOT_PURCHASABLE;
  }
}

/** The catalogue's sales counts: their current_sales, summed over the badges that map to the same one of ours. */
export function mapBadgeSales(ctx: MapContext, resolver: BadgeResolver, master: readonly Row<BadgeRow>[]): void {
  const sales = new Map<string, number>();
  for (const { data, source } of master) {
    const ours = resolver.resolve(data.id, source);
    if (ours === undefined) continue;
    if (ours === null) {
      ctx.skip('master_data', `BADGE#${data.id}`, source, '勲章の対応表で持ち込まない勲章です');
      continue;
    }
    sales.set(ours, (sales.get(ours) ?? 0) + data.current_sales);
  }
  for (const [id, currentSales] of [...sales].sort(([a], [b]) => (a < b ? -1 : 1))) {
    ctx.result.rows.badges.push({ id, currentSales });
  }
}
