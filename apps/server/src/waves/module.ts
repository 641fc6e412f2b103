import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import {
  gatherNow,
  LOCKED,
  runWaveTurn,
  WAVE_CRON,
  WAVE_JOB,
  type WaveAudit,
  type WaveOrder,
  type WaveOutcome,
} from './runner.ts';

export interface WavesModule extends Module {
  /** Runs a wave now (the admin trigger); { ran: false, reason: 'locked' } while a wave runs anywhere. */
  run(order?: WaveOrder): Promise<WaveOutcome>;
  /** Only the gather step (the admin's gather-match call). */
  gather(audit?: WaveAudit<number>): Promise<number>;
}

/** The matching waves: every even minute in matching hours, one instance at a time (the job's lock). */
export function wavesModule(ctx: AppContext): WavesModule {
  // Scheduled turns and the admin's trigger are runs of this one job: one lock, taken by the scheduler.
  const job = ctx.jobs.define<WaveOutcome, WaveOrder>({
    name: WAVE_JOB,
    schedule: { cron: WAVE_CRON },
    run: (order, turn) => runWaveTurn(ctx, order ?? {}, turn.scheduledAt),
    quiet: true,
    everyTurn: true,
  });
  return {
    name: 'waves',
    run: async (order = {}) => {
      const outcome = await job.run(order);
      return outcome.ran ? outcome.value : LOCKED;
    },
    gather: (audit) => gatherNow(ctx, audit),
  };
}
