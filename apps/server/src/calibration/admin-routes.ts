import { ratingParamsViewSchema, refitEntrySchema, refitReportSchema } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { applyRefit, previewRefit, ratingParamsView } from './refit.ts';

// The admin's rating card: the parameters in force and the refits made, a preview of a refit now (log-loss before and
// after on the held-out matches), and its apply, which refits again and applies only when the matches say so.

export function calibrationAdminRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/rating/params',
        summary: "The MMR's parameters in force and the refits made",
        tag: 'admin',
        access: 'admin',
        reply: ratingParamsViewSchema,
      },
      () => ratingParamsView(ctx),
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/rating/refit/preview',
        errors: ['REFIT_RUNNING'],
        summary: 'What refitting the parameters now would do (nothing written)',
        tag: 'admin',
        access: 'admin',
        reply: refitReportSchema,
      },
      () => previewRefit(ctx),
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/rating/refit',
        errors: ['REFIT_RUNNING', 'REFIT_TOO_FEW_MATCHES', 'REFIT_NOT_BETTER'],
        summary: 'Refits the parameters and applies them to later matches when they predict better',
        tag: 'admin',
        access: 'admin',
        reply: refitEntrySchema,
      },
      ({ user }) => applyRefit(ctx, user.id),
    ),
  ];
}
