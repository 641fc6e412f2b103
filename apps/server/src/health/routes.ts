import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    const ok = database.status === 'ok';
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', database, redis: { status: 'not_configured' }, time: ctx.now() };
  });
}
