import type { AppContext } from '../context.ts';
import { type Module, on } from '../module.ts';
import { calibrationAdminRoutes } from './admin-routes.ts';
import { refitAfterSeasonEnd } from './refit.ts';

// The rating that calibrates itself (issue 33): the MMR's parameters in force (params.ts, read by settlement,
// corrections and refunds) and their refits (refit.ts). The rating_refits table belongs to this folder.

export const RATING_REFIT_JOB = 'rating-refit';
/** Hourly at minute 29: catches a season end whose own run was missed (an instance stopped meanwhile). */
const RATING_REFIT_CRON = '29 * * * *';

export function calibrationModule(ctx: AppContext): Module {
  const job = ctx.jobs.define({
    name: RATING_REFIT_JOB,
    schedule: { cron: RATING_REFIT_CRON },
    run: () => refitAfterSeasonEnd(ctx),
  });
  return {
    name: 'calibration',
    routes: calibrationAdminRoutes(ctx),
    // At once after a season's end commits (on the instance that ended it; the job's lock keeps it to one run).
    handlers: [on('season.ended', () => job.run())],
  };
}
