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
    // Without Redis the instance still serves everything; only pushes to other instances' clients wait.
    reply.status(database.status === 'ok' ? 200 : 503);
    const status = database.status !== 'ok' ? 'down' : redis.status === 'error' ? 'degraded' : 'ok';
    return { status, database, redis, time: ctx.now() };
  });
}
