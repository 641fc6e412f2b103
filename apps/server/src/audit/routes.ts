import { auditQuerySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../http/validate.ts';
import { listAudit } from './log.ts';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  app.get('/api/admin/audit', async (request) => {
    await guard.admin(request);
    const query = parse(auditQuerySchema, request.query);
    return { entries: await listAudit(ctx.db, { limit: query.limit, beforeId: query.before_id }) };
  });
}
