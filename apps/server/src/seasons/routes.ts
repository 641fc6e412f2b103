import { seasonCreateSchema, seasonParamsSchema, seasonUpdateSchema, VALIDATION_MESSAGES } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { RankingService } from '../ranking/service.ts';
import { presentSeason } from './presenter.ts';
import { isSeasonOpen, listSeasons, markedActiveSeason, nextSeason } from './queries.ts';
import { activateSeason, createSeason, deleteSeason, updateSeason } from './service.ts';

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

export function registerSeasonRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  ranking: RankingService,
): void {
  const { db } = ctx;

  app.get('/api/seasons/active', async () => {
    const now = ctx.now();
    const [current, next] = await Promise.all([markedActiveSeason(db), nextSeason(db, now)]);
    return {
      is_season_active: isSeasonOpen(current, now),
      current_season: current ? presentSeason(current) : null,
      next_season: next ? presentSeason(next) : null,
    };
  });

  app.get('/api/admin/seasons', async (request) => {
    await guard.admin(request);
    return describeFailure('取得', async () => (await listSeasons(db)).map(presentSeason));
  });

  app.post('/api/admin/seasons', async (request) => {
    const { user } = await guard.admin(request);
    return describeFailure('作成', () =>
      createSeason(db, parse(seasonCreateSchema, request.body), { actorId: user.id, now: ctx.now() }),
    );
  });

  app.put('/api/admin/seasons/:id', async (request) => {
    const { user } = await guard.admin(request);
    return describeFailure('更新', async () => {
      const { id } = parse(seasonParamsSchema, request.params);
      // The id cannot change: an id in the body must be the one in the path.
      const sameId = seasonUpdateSchema.refine((b) => b.id === undefined || b.id === id, {
        message: VALIDATION_MESSAGES.SEASON_ID_INVALID,
        path: ['id'],
      });
      const body = parse(sameId, request.body);
      const season = await updateSeason(db, id, body, { actorId: user.id, now: ctx.now() });
      ranking.nudge();
      return season;
    });
  });

  app.delete('/api/admin/seasons/:id', async (request) => {
    const { user } = await guard.admin(request);
    return describeFailure('削除', async () => {
      const { id } = parse(seasonParamsSchema, request.params);
      await deleteSeason(db, id, { actorId: user.id, now: ctx.now() });
      return { ok: true as const };
    });
  });

  app.post('/api/admin/seasons/:id/activate', async (request) => {
    const { user } = await guard.admin(request);
    return describeFailure('有効化', async () => {
      const { id } = parse(seasonParamsSchema, request.params);
      const season = await activateSeason(db, id, { actorId: user.id, now: ctx.now() });
      await ranking.calculate();
      return season;
    });
  });
}
