import type { AppContext } from '../context.ts';
import type { Work } from '../events/unit.ts';
import { type Module, on } from '../module.ts';
import { closeOverdue, leaveDuringCheck } from './press.ts';
import { overdueChecks } from './queries.ts';
import { readyRoutes } from './routes.ts';

// The ready check (issue 35): a wave's matches wait for their players' 準備完了 (open.ts, called by the wave), the
// players press (routes.ts), a leave fails the check at once (beforeLeave, which the queue's leave calls), and a job
// fails the checks whose deadline passed. The ready_checks and ready_check_players tables belong to this folder.

export const READY_DEADLINE_JOB = 'ready-check-deadlines';
/** How often the job looks for checks past their deadline (simulated ms on the rehearsal's clock). */
const READY_DEADLINE_EVERY_MS = 5000;

export interface ReadyModule extends Module {
  /** Before a player's own leave of the queue, in its transaction: fails the check that holds their entry. */
  beforeLeave(work: Work, userId: string, now: number): Promise<void>;
}

export function readyModule(ctx: AppContext): ReadyModule {
  ctx.jobs.define({
    name: READY_DEADLINE_JOB,
    schedule: { everyMs: READY_DEADLINE_EVERY_MS },
    quiet: true,
    run: async () => {
      const now = ctx.now();
      // A read first: most turns find nothing due and take no lock.
      const due = await overdueChecks(ctx.db, now);
      return due.length === 0 ? 0 : ctx.write((work) => closeOverdue(work, due, now));
    },
  });
  const count = (event: 'opened' | 'started' | 'failed') => ctx.metrics.readyChecks.inc({ event });
  return {
    name: 'ready',
    routes: readyRoutes(ctx),
    handlers: [
      on('ready.opened', () => count('opened')),
      on('ready.started', () => count('started')),
      on('ready.failed', () => count('failed')),
    ],
    beforeLeave: leaveDuringCheck,
  };
}
