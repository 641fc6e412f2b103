import {
  caseActionSchema,
  caseDetailSchema,
  caseIdParamsSchema,
  caseListQuerySchema,
  caseListSchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { REFUND_ERRORS } from '../matches/refund.ts';
import { actOnCase } from './actions.ts';
import { caseDetail, listCases } from './cases.ts';

/** The 通報・異議 tab: the moderation queue, a case, an action that closes it. */
export function trustAdminRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/cases',
        summary: 'The moderation queue (open or closed cases)',
        tag: 'admin',
        access: 'admin',
        query: caseListQuerySchema,
        reply: caseListSchema,
      },
      ({ query, now }) => listCases(ctx.db, query.status, now),
    ),
    route(
      {
        method: 'GET',
        url: '/api/admin/cases/:id',
        summary: "A case with its match's reports, disputes and the players' records",
        tag: 'admin',
        access: 'admin',
        params: caseIdParamsSchema,
        reply: caseDetailSchema,
        errors: ['CASE_NOT_FOUND'],
      },
      ({ params, now }) => caseDetail(ctx.db, Number(params.id), now),
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/cases/:id/action',
        summary: 'Acts on a case and closes it (with the audit entry)',
        tag: 'admin',
        access: 'admin',
        params: caseIdParamsSchema,
        body: caseActionSchema,
        reply: caseDetailSchema,
        writes: true,
        errors: [
          'CASE_NOT_FOUND',
          'CASE_CLOSED',
          'CASE_ACTION_NOT_APPLICABLE',
          'CASE_WINNER_REQUIRED',
          'CASE_USER_REQUIRED',
          'USER_NOT_FOUND',
          'ADMIN_MATCH_NOT_FOUND',
          'MATCH_NOT_SETTLED',
          'NO_CHANGES',
          ...REFUND_ERRORS,
        ],
      },
      async ({ work, user, params, body, now }) => {
        const caseId = Number(params.id);
        await actOnCase(work, { caseId, action: body, actorId: user.id, now, rules: ctx.config.rules });
        return caseDetail(work.tx, caseId, now);
      },
    ),
  ];
}
