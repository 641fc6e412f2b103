import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { EventBus } from '../events/bus.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext, bus: EventBus): void {
  app.get('/api/health', async (_request, reply) => {
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
    const ok = database.status === 'ok' && redis.status !== 'error';
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', database, redis, time: ctx.now() };
  });
}
