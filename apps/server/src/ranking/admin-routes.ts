import { type RouteDef, route } from '../http/route.ts';
import type { RankingSnapshot } from './snapshot.ts';

/** The manual ranking calculation. */
export function rankingAdminRoutes(ranking: RankingSnapshot): RouteDef[] {
  return [
    route(
      {
        method: 'POST',
        url: '/api/debug/ranking/calculate',
        summary: 'Computes the ranking now',
        tag: 'debug',
        access: 'admin',
      },
      async () => ({ rankings_count: await ranking.refresh() }),
    ),
  ];
}
