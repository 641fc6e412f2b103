import {
  adminSeasonListSchema,
  adminSeasonSchema,
  okReplySchema,
  type Season,
  seasonCreateSchema,
  seasonParamsSchema,
  seasonSchema,
  seasonUpdateSchema,
  VALIDATION_CODES as V,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { validationProblem } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import { presentAdminSeasons } from './end.ts';
import { presentAdminSeasonList } from './presenter.ts';
import { listSeasons, matchCountsBySeason } from './queries.ts';
import { createSeason, deleteSeason, updateSeason } from './service.ts';

// The admin's season tab: the seasons module's create, edit, delete and activation, the season end and the ranking's
// refresh, together. Its errors say which operation failed (spec admin §8): 「シーズンの作成に失敗しました: …」.

const failed = (operation: string) => `シーズンの${operation}に失敗しました: `;

/** What the season tab's activation and end need of the seasons module (module.ts) and the ranking. */
export interface SeasonTab {
  activate(id: string, actor: { actorId: string; now: number }): Promise<Season>;
  endNow(id: string, actorId: string): Promise<void>;
  ranking: { refresh(): Promise<number> };
}

/** The season tab's calls. */
export function seasonAdminRoutes(ctx: AppContext, tab: SeasonTab): RouteDef[] {
  return [...seasonEditRoutes(ctx), ...seasonLifecycleRoutes(ctx, tab)];
}

/** The list, create, edit and delete. */
function seasonEditRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/seasons',
        summary: 'Seasons with rewards and summaries',
        tag: 'admin',
        access: 'admin',
        reply: adminSeasonListSchema,
        errorPrefix: failed('取得'),
      },
      async () => {
        const [seasons, matchCounts] = await Promise.all([
          listSeasons(db).then((rows) => presentAdminSeasons(ctx, rows)),
          matchCountsBySeason(db),
        ]);
        return presentAdminSeasonList(seasons, matchCounts);
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/seasons',
        errors: ['SEASON_EXISTS'],
        summary: 'Creates a season',
        tag: 'admin',
        access: 'admin',
        body: seasonCreateSchema,
        reply: seasonSchema,
        writes: true,
        errorPrefix: failed('作成'),
      },
      ({ work, user, body, now }) => createSeason(work.tx, body, { actorId: user.id, now }),
    ),
    route(
      {
        method: 'PUT',
        url: '/api/admin/seasons/:id',
        errors: ['SEASON_NOT_FOUND'],
        summary: 'Edits a season',
        tag: 'admin',
        access: 'admin',
        params: seasonParamsSchema,
        body: seasonUpdateSchema,
        reply: seasonSchema,
        writes: true,
        errorPrefix: failed('更新'),
      },
      async ({ work, user, params, body, now }) => {
        // The id cannot change: an id in the body must be the one in the path.
        if (body.id !== undefined && body.id !== params.id) throw validationProblem(V.SEASON_ID_INVALID, 'id');
        return updateSeason(work, params.id, body, { actorId: user.id, now });
      },
    ),
    route(
      {
        method: 'DELETE',
        url: '/api/admin/seasons/:id',
        errors: ['SEASON_NOT_FOUND', 'SEASON_HAS_MATCHES', 'SEASON_ACTIVE_DELETE'],
        summary: 'Deletes a season',
        tag: 'admin',
        access: 'admin',
        params: seasonParamsSchema,
        reply: okReplySchema,
        writes: true,
        errorPrefix: failed('削除'),
      },
      async ({ work, user, params, now }) => {
        await deleteSeason(work.tx, params.id, { actorId: user.id, now });
        return { ok: true as const };
      },
    ),
  ];
}

/** Activation (which ends the running season) and the end of a season now. */
function seasonLifecycleRoutes(ctx: AppContext, tab: SeasonTab): RouteDef[] {
  return [
    route(
      {
        method: 'POST',
        url: '/api/admin/seasons/:id/activate',
        errors: ['SEASON_NOT_FOUND', 'SEASON_ENDED_ACTIVATE'],
        summary: 'Activates a season (ends the running one)',
        tag: 'admin',
        access: 'admin',
        params: seasonParamsSchema,
        reply: seasonSchema,
        errorPrefix: failed('有効化'),
      },
      ({ user, params, now }) => tab.activate(params.id, { actorId: user.id, now }),
    ),
    /** Ends a season now: the final ranking is frozen and the rewards handed out (see end.ts). */
    route(
      {
        method: 'POST',
        url: '/api/admin/seasons/:id/end',
        errors: ['SEASON_NOT_FOUND', 'SEASON_ALREADY_ENDED', 'SEASON_END_RUNNING'],
        summary: 'Ends a season now',
        tag: 'admin',
        access: 'admin',
        params: seasonParamsSchema,
        reply: adminSeasonSchema,
        errorPrefix: failed('終了'),
      },
      async ({ user, params }) => {
        await tab.endNow(params.id, user.id);
        const [season] = await presentAdminSeasons(
          ctx,
          (await listSeasons(ctx.db)).filter((s) => s.id === params.id),
        );
        return season;
      },
    ),
  ];
}
