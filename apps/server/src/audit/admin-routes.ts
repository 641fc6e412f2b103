import { auditQuerySchema, auditReplySchema } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { listAudit } from './log.ts';

/** The audit log, filtered and paged. */
export function auditAdminRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/audit',
        summary: 'The audit log',
        tag: 'admin',
        access: 'admin',
        query: auditQuerySchema,
        reply: auditReplySchema,
      },
      ({ query }) => listAudit(ctx.db, { ...query, beforeId: query.before_id }),
    ),
  ];
}
