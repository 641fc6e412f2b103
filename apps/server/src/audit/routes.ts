import { auditQuerySchema, auditReplySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { parse } from '../http/validate.ts';
import { listAudit } from './log.ts';

/** Admin scope: the audit log, filtered and paged. */
export function registerAuditRoutes(admin: FastifyInstance, ctx: AppContext): void {
  admin.get(
    '/api/admin/audit',
    api({ summary: 'The audit log', tag: 'admin', access: 'admin', query: auditQuerySchema, reply: auditReplySchema }),
    async (request) => {
      const query = parse(auditQuerySchema, request.query);
      return listAudit(ctx.db, { ...query, beforeId: query.before_id });
    },
  );
}
