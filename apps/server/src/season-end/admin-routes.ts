import {
  adminSeasonListSchema,
  adminSeasonSchema,
  okReplySchema,
  seasonCreateSchema,
  seasonParamsSchema,
  seasonSchema,
  seasonUpdateSchema,
  VALIDATION_CODES as V,
} from '@rankmatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminOf } from '../admin/scope.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { RankingService } from '../ranking/service.ts';
import { activateSeason } from '../seasons/activation.ts';
import { presentAdminSeasonList } from '../seasons/presenter.ts';
import { listSeasons, matchCountsBySeason } from '../seasons/queries.ts';
import { createSeason, deleteSeason, updateSeason } from '../seasons/service.ts';
import { presentAdminSeasons, type SeasonEnder } from './end.ts';

// The admin's season tab: the seasons module's create, edit, delete and activation, the season end and the ranking's
// refresh, together.

/** Admin season errors say which operation failed (spec admin §8): 「シーズンの作成に失敗しました: …」. */
async function describeFailure<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) {
      const prefixed = new AppError(err.code, `シーズンの${operation}に失敗しました: ${err.message}`, err.details);
      const body = (err as AppError & { body?: { code: string } }).body;
      if (body) Object.assign(prefixed, { body: { ...body, error: prefixed.message } });
      throw prefixed;
    }
    throw err;
  }
}

/** Admin scope: the season tab's calls. */
export function registerSeasonAdminRoutes(
  admin: FastifyInstance,
  ctx: AppContext,
  ranking: RankingService,
  ender: SeasonEnder,
): void {
  registerSeasonEditRoutes(admin, ctx, ranking);
  registerSeasonLifecycleRoutes(admin, ctx, ranking, ender);
}

const actorOf = (ctx: AppContext, request: FastifyRequest) => ({ actorId: adminOf(request).user.id, now: ctx.now() });

/** The list, create, edit and delete. */
function registerSeasonEditRoutes(admin: FastifyInstance, ctx: AppContext, ranking: RankingService): void {
  const { db } = ctx;
  const actor = (request: FastifyRequest) => actorOf(ctx, request);

  admin.get(
    '/api/admin/seasons',
    api({ summary: 'Seasons with rewards and summaries', tag: 'admin', access: 'admin', reply: adminSeasonListSchema }),
    async () => {
      return describeFailure('取得', async () => {
        const [seasons, matchCounts] = await Promise.all([
          listSeasons(db).then((rows) => presentAdminSeasons(ctx, rows)),
          matchCountsBySeason(db),
        ]);
        return presentAdminSeasonList(seasons, matchCounts);
      });
    },
  );

  admin.post(
    '/api/admin/seasons',
    api({
      errors: ['SEASON_EXISTS'],
      summary: 'Creates a season',
      tag: 'admin',
      access: 'admin',
      body: seasonCreateSchema,
      reply: seasonSchema,
    }),
    async (request) => {
      return describeFailure('作成', () => createSeason(db, parse(seasonCreateSchema, request.body), actor(request)));
    },
  );

  admin.put(
    '/api/admin/seasons/:id',
    api({
      errors: ['SEASON_NOT_FOUND'],
      summary: 'Edits a season',
      tag: 'admin',
      access: 'admin',
      body: seasonUpdateSchema,
      reply: seasonSchema,
    }),
    async (request) => {
      return describeFailure('更新', async () => {
        const { id } = parse(seasonParamsSchema, request.params);
        // The id cannot change: an id in the body must be the one in the path.
        const sameId = seasonUpdateSchema.refine((b) => b.id === undefined || b.id === id, {
          message: V.SEASON_ID_INVALID,
          path: ['id'],
        });
        const body = parse(sameId, request.body);
        const season = await updateSeason(db, id, body, actor(request));
        ranking.nudge();
        return season;
      });
    },
  );

  admin.delete(
    '/api/admin/seasons/:id',
    api({
      errors: ['SEASON_NOT_FOUND', 'SEASON_HAS_MATCHES', 'SEASON_ACTIVE_DELETE'],
      summary: 'Deletes a season',
      tag: 'admin',
      access: 'admin',
      reply: okReplySchema,
    }),
    async (request) => {
      return describeFailure('削除', async () => {
        const { id } = parse(seasonParamsSchema, request.params);
        await deleteSeason(db, id, actor(request));
        return { ok: true as const };
      });
    },
  );
}

/** Activation (which ends the running season) and the end of a season now. */
function registerSeasonLifecycleRoutes(
  admin: FastifyInstance,
  ctx: AppContext,
  ranking: RankingService,
  ender: SeasonEnder,
): void {
  const { db } = ctx;
  const actor = (request: FastifyRequest) => actorOf(ctx, request);

  admin.post(
    '/api/admin/seasons/:id/activate',
    api({
      errors: ['SEASON_NOT_FOUND', 'SEASON_ENDED_ACTIVATE'],
      summary: 'Activates a season (ends the running one)',
      tag: 'admin',
      access: 'admin',
      reply: seasonSchema,
    }),
    async (request) => {
      return describeFailure('有効化', async () => {
        const { id } = parse(seasonParamsSchema, request.params);
        const { season, ended } = await activateSeason(db, id, actor(request));
        // The season that was running ends: its ranking is frozen and its rewards handed out.
        if (ended) await ender.finishPending();
        await ender.activated(season.id);
        await ranking.refresh();
        return season;
      });
    },
  );

  /** Ends a season now: the final ranking is frozen and the rewards handed out (see end.ts). */
  admin.post(
    '/api/admin/seasons/:id/end',
    api({
      errors: ['SEASON_NOT_FOUND', 'SEASON_ALREADY_ENDED', 'SEASON_END_RUNNING'],
      summary: 'Ends a season now',
      tag: 'admin',
      access: 'admin',
      reply: adminSeasonSchema,
    }),
    async (request) => {
      return describeFailure('終了', async () => {
        const { id } = parse(seasonParamsSchema, request.params);
        await ender.endNow(id, adminOf(request).user.id);
        await ranking.refresh();
        const [season] = await presentAdminSeasons(
          ctx,
          (await listSeasons(db)).filter((s) => s.id === id),
        );
        return season;
      });
    },
  );
}
