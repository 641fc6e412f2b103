import { REPORT_REMINDER_MINUTES } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { matchesNearDeadline, playerIdsOf } from '../matches/queries.ts';
import { Notifications } from './dispatch.ts';
import { lobbySet, matchFound, penaltyApplied, reportReminder } from './messages.ts';
import { NEAR_ALERT_CRON, NEAR_ALERT_JOB, runNearAlerts } from './near-alert.ts';
import { type OutboxWorker, pruneOutbox } from './outbox.ts';
import { PushSender } from './push-sender.ts';
import { removeSessionDevices, removeUserDevices } from './subscriptions.ts';

export const REPORT_REMINDER_JOB = 'report-reminders';
export const OUTBOX_PRUNE_JOB = 'notification-prune';

/** Lobby notifications already queued here (a lobby's match.updated repeats with every report). */
const LOBBY_KEYS_KEPT = 2000;

/**
 * What notifies players, wired once: the domain events' handlers (they run on the instance that committed, so each
 * event is queued once), the report reminder's job, the outbox's housekeeping, and the push sender.
 */
export function wireNotifications(
  ctx: AppContext,
  deps: { events: DomainEvents; jobs: Scheduler; worker: OutboxWorker },
): Notifications {
  const { events, jobs, worker } = deps;
  if (ctx.config.push) worker.use(new PushSender(ctx.db, ctx.config.push, ctx.now, ctx.fetch));
  const notifications = new Notifications(ctx, worker);
  const site = ctx.config.publicUrl;

  events.on('match.found', (e) => notifications.send(e.user_ids, matchFound(e.match_id, site)).then(() => {}));
  const lobbies = new Set<string>();
  events.on('match.updated', async ({ data }) => {
    if (data.lobby_id === null || data.status !== 'matched') return;
    const key = `${data.match_id}:${data.lobby_id}`;
    if (lobbies.has(key)) return;
    if (lobbies.size >= LOBBY_KEYS_KEPT) lobbies.clear();
    lobbies.add(key);
    const players = await playerIdsOf(ctx.db, Number(data.match_id));
    await notifications.send(players, lobbySet(data.match_id, data.lobby_id, site));
  });
  events.on('penalty.applied', (e) => notifications.send(e.user_ids, penaltyApplied(e.match_id)).then(() => {}));
  // Devices stop receiving at logout (the devices that session subscribed) and at a ban (all of them).
  events.on('session.revoked', (e) => removeSessionDevices(ctx.db, e.session_id).then(() => {}));
  events.on('user.banned', (e) => removeUserDevices(ctx.db, e.user_id).then(() => {}));

  jobs.define({
    name: REPORT_REMINDER_JOB,
    schedule: { cron: '* * * * *' },
    quiet: true,
    run: async () => {
      const due = await matchesNearDeadline(ctx.db, {
        now: ctx.now(),
        windowSeconds: ctx.config.rules.settlement.reportWindowMinutes * 60,
        beforeSeconds: REPORT_REMINDER_MINUTES * 60,
      });
      for (const match of due) {
        await notifications.send(match.userIds, reportReminder(match.matchId, match.deadline, REPORT_REMINDER_MINUTES));
      }
      return due.length;
    },
  });
  jobs.define({
    name: NEAR_ALERT_JOB,
    schedule: { cron: NEAR_ALERT_CRON },
    quiet: true,
    run: () => runNearAlerts(ctx, notifications),
  });
  jobs.define({
    name: OUTBOX_PRUNE_JOB,
    schedule: { cron: '37 * * * *' },
    quiet: true,
    run: () => pruneOutbox(ctx.db, ctx.now()),
  });
  worker.start();
  return notifications;
}
