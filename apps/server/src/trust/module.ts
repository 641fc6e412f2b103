import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { trustAdminRoutes } from './admin-routes.ts';
import { pruneUnattachedEvidence } from './evidence.ts';
import { trustRoutes } from './routes.ts';
import { scanClosedMatches, TRUST_SCAN_JOB } from './scan.ts';

export const EVIDENCE_PRUNE_JOB = 'evidence-prune';

/**
 * Results and conduct a community can trust (docs/trust.md): screenshots, disputes, warnings, the moderation queue,
 * and the scan of closed matches that opens its cases (a job every other minute, on one instance).
 */
export function trustModule(ctx: AppContext): Module {
  ctx.jobs.define({
    name: TRUST_SCAN_JOB,
    // Odd minutes: never beside a wave (even minutes), which holds the queue and settles matches.
    schedule: { cron: '1-59/2 * * * *' },
    quiet: true,
    run: () => ctx.write(({ tx }) => scanClosedMatches(tx, ctx.now())),
  });
  ctx.jobs.define({
    name: EVIDENCE_PRUNE_JOB,
    schedule: { cron: '*/10 * * * *' },
    quiet: true,
    run: () => pruneUnattachedEvidence(ctx.db, ctx.now()),
  });
  return { name: 'trust', routes: [...trustRoutes(ctx), ...trustAdminRoutes(ctx)] };
}
