import { REPORT_REMINDER_MINUTES } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { Coalescing } from '../events/coalesce.ts';
import { matchesNearDeadline, playerIdsOf } from '../matches/queries.ts';
import { type Module, on } from '../module.ts';
import { type Notice, type Notify, notifyMany } from './dispatch.ts';
import {
  lobbySet,
  matchFound,
  penaltyApplied,
  rateRefunded,
  readyCheckOpened,
  reportAnswered,
  reportReminder,
} from './messages.ts';
import { NEAR_ALERT_CRON, NEAR_ALERT_JOB, runNearAlerts } from './near-alert.ts';
import { OutboxWorker, pruneOutbox } from './outbox.ts';
import { PushSender } from './push-sender.ts';
import { notificationRoutes } from './routes.ts';
import { removeSessionDevices, removeUserDevices } from './subscriptions.ts';

export const REPORT_REMINDER_JOB = 'report-reminders';
export const OUTBOX_PRUNE_JOB = 'notification-prune';

/** Lobby notifications already queued here (a lobby's match.updated repeats with every report). */
const LOBBY_KEYS_KEPT = 2000;

export interface NotificationsModule extends Module {
  /** The delivery queue's worker on this instance (push; Discord adds its senders). */
  outbox: OutboxWorker;
}

/**
 * What notifies players: the domain events' handlers (they run on the instance that committed, so each event is
 * queued once), the report reminder's and the queue alert's jobs, the outbox's housekeeping, the push sender, and the
 * player's settings and devices.
 */
export function notificationsModule(ctx: AppContext): NotificationsModule {
  const outbox = new OutboxWorker(ctx.db, ctx.now, ctx.log);
  if (ctx.config.push) outbox.use(new PushSender(ctx.db, ctx.config.push, ctx.now, ctx.fetch));
  // Alerts that come together (a wave's match.found, one per match) are queued together: one lookup of the players'
  // choices and devices per few hundred alerts. One a match built and sent its queries at once, so a wave of 10,000
  // matches held its instance's event loop for seconds after the commit and queued 10,000 queries (bench:scale).
  const notices = new Coalescing<Notice>(async (batch) => {
    await notifyMany(ctx, outbox, batch);
  });
  const notify: Notify = (userIds, message) => notices.push({ userIds, message });
  defineJobs(ctx, notify);
  outbox.start();
  const site = ctx.config.publicUrl;
  const lobbies = new Set<string>();
  return {
    name: 'notifications',
    outbox,
    routes: notificationRoutes(ctx),
    handlers: [
      // A match a ready check started was announced when the check opened: the alert goes out once.
      on('match.found', (e) => (e.ready_check_id ? 0 : notify(e.user_ids, matchFound(e.match_id, site)))),
      on('ready.opened', ({ check }) =>
        notify(
          check.players.map((p) => p.user_id),
          readyCheckOpened(check.ready_check_id, check.deadline_at - check.opened_at, site),
        ),
      ),
      on('match.updated', async ({ data }) => {
        if (data.lobby_id === null || data.status !== 'matched') return;
        const key = `${data.match_id}:${data.lobby_id}`;
        if (lobbies.has(key)) return;
        if (lobbies.size >= LOBBY_KEYS_KEPT) lobbies.clear();
        lobbies.add(key);
        const players = await playerIdsOf(ctx.db, Number(data.match_id));
        await notify(players, lobbySet(data.match_id, data.lobby_id, site));
      }),
      on('penalty.applied', (e) => notify(e.user_ids, penaltyApplied(e.match_id))),
      on('reporters.told', (e) =>
        notify(
          e.user_ids,
          reportAnswered({
            caseId: e.case_id,
            subject: e.subject,
            matchId: e.match_id,
            outcome: e.outcome,
            siteUrl: site,
          }),
        ),
      ),
      on('rate.refunded', (e) => notify(e.user_ids, rateRefunded(e.match_id, site))),
      // Devices stop receiving at logout (the devices that session subscribed) and at a ban (all of them).
      on('session.revoked', (e) => removeSessionDevices(ctx.db, e.session_id)),
      on('user.banned', (e) => removeUserDevices(ctx.db, e.user_id)),
    ],
    close: () => outbox.stop(),
  };
}

function defineJobs(ctx: AppContext, notify: Notify): void {
  ctx.jobs.define({
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
        await notify(match.userIds, reportReminder(match.matchId, match.deadline, REPORT_REMINDER_MINUTES));
      }
      return due.length;
    },
  });
  ctx.jobs.define({
    name: NEAR_ALERT_JOB,
    schedule: { cron: NEAR_ALERT_CRON },
    quiet: true,
    run: () => runNearAlerts(ctx, notify),
  });
  ctx.jobs.define({
    name: OUTBOX_PRUNE_JOB,
    schedule: { cron: '37 * * * *' },
    quiet: true,
    run: () => pruneOutbox(ctx.db, ctx.now()),
  });
}
