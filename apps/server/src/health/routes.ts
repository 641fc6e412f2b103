import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({ status: z.enum(['ok', 'error']), kind: z.string(), latency_ms: z.number().optional() }),
  redis: z.object({ status: z.enum(['ok', 'error', 'not_configured']) }),
  time: z.number().int(),
});

/** The instance's health, for the load balancer and the operator. */
export function healthRoutes(ctx: AppContext): RouteDef[] {
  const { bus } = ctx;
  const health = route(
    {
      method: 'GET',
      url: '/api/health',
      summary: 'Health of the instance, the database and Redis',
      tag: 'system',
      access: 'public',
      reply: healthSchema,
      replies: { 503: { description: 'The database is unreachable (status down)', schema: healthSchema } },
    },
    async ({ reply }) => {
      const started = performance.now();
      let database: { status: 'ok' | 'error'; kind: string; latency_ms?: number } = {
        status: 'ok',
        kind: ctx.database.kind,
      };
      try {
        await ctx.database.ping();
        database.latency_ms = Math.round((performance.now() - started) * 10) / 10;
      } catch {
        database = { status: 'error', kind: ctx.database.kind };
      }
      let redis: { status: 'ok' | 'error' | 'not_configured' } = { status: 'not_configured' };
      if (bus.kind === 'redis') {
        redis = await bus.ping().then(
          () => ({ status: 'ok' as const }),
          () => ({ status: 'error' as const }),
        );
      }
      // Without Redis the instance still serves everything; only pushes to other instances' clients wait.
      reply.status(database.status === 'ok' ? 200 : 503);
      const status = database.status !== 'ok' ? 'down' : redis.status === 'error' ? 'degraded' : 'ok';
      return { status, database, redis, time: ctx.now() };
    },
  );
  return [health];
}
