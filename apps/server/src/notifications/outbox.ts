import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Executor, rowsOf } from '../db/client.ts';
import { notificationOutbox } from '../db/schema.ts';
import { loggableError } from '../log.ts';

// The delivery queue of every notification (push to a device, Discord DM, the community channel). A notification is
// a row first, written after the event's commit with a key that makes it unique per event and target, so the same
// event never reaches the same device twice however often it is enqueued, on however many instances. A worker on
// each instance claims due rows (FOR UPDATE SKIP LOCKED: each row goes to one instance) and sends them in the
// background: a slow or failing push service or Discord never holds up a wave or a report.

export const CHANNELS = ['push', 'discord_dm', 'discord_channel'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface OutboxItem {
  /** What happened, e.g. `match.found:123`, `reminder:123`, `queue_near:2026-11-25`: unique per target. */
  eventKey: string;
  channel: Channel;
  /** The subscription id (push), the user id (discord_dm), the announcement kind (discord_channel). */
  target: string;
  userId?: string | null;
  payload: unknown;
}

export interface Delivery {
  id: number;
  eventKey: string;
  channel: Channel;
  target: string;
  userId: string | null;
  payload: unknown;
  attempts: number;
}

export type SendResult =
  | { ok: true }
  /** gone: the target no longer exists (a push subscription answered 404/410); retryAfterSeconds: try again then. */
  | { ok: false; error: string; gone?: boolean; retryAfterSeconds?: number };

/** Delivers one channel's rows (push/sender.ts, discord/sender.ts). */
export interface Sender {
  readonly channel: Channel;
  send(delivery: Delivery): Promise<SendResult>;
}

/** Rows one insert writes at most. */
const ENQUEUE_CHUNK = 1000;
/** Pending rows kept at most (older undelivered ones are dropped first when a flood would pass it). */
export const OUTBOX_PENDING_MAX = 5000;
/** Tries per row before it is marked failed; the waits between tries (seconds). */
export const OUTBOX_MAX_ATTEMPTS = 4;
const RETRY_DELAYS = [10, 60, 300] as const;
/** Rows claimed per round, and sent at the same time. */
const CLAIM_BATCH = 20;
/** A row claimed this long ago by an instance that then stopped is given up (never sent twice). */
const STALE_CLAIM_SECONDS = 600;
/** Delivered and failed rows are kept this long (a week) for the admin's view and the "once" check. */
export const OUTBOX_RETENTION_SECONDS = 7 * 86_400;

/** Queues notifications; a row whose key was queued before is skipped. Returns how many are new. */
export async function enqueue(db: Executor, items: readonly OutboxItem[], now: number): Promise<number> {
  if (items.length === 0) return 0;
  const rows = items.map((item) => ({
    eventKey: item.eventKey,
    channel: item.channel,
    target: item.target,
    userId: item.userId ?? null,
    payload: item.payload,
    nextAttemptAt: now,
    createdAt: now,
  }));
  let inserted = 0;
  // A statement takes at most 65,535 parameters (seven a row): a wave's thousands of alerts go in chunks.
  for (let i = 0; i < rows.length; i += ENQUEUE_CHUNK) {
    const chunk = rows.slice(i, i + ENQUEUE_CHUNK);
    inserted += (
      await db.insert(notificationOutbox).values(chunk).onConflictDoNothing().returning({ id: notificationOutbox.id })
    ).length;
  }
  if (inserted > 0) await dropOverflow(db, now);
  return inserted;
}

/** Keeps the queue bounded: beyond OUTBOX_PENDING_MAX pending rows, the oldest are dropped (and counted as failed). */
async function dropOverflow(db: Executor, now: number): Promise<void> {
  await db.execute(sql`
    update notification_outbox set status = 'failed', last_error = 'queue full', sent_at = ${now}
    where id in (
      select id from notification_outbox where status = 'pending'
      order by id desc offset ${OUTBOX_PENDING_MAX}
    )`);
}

/** Claims due rows for this instance: each row is claimed by one instance once. */
export async function claimDue(db: Executor, now: number, limit = CLAIM_BATCH): Promise<Delivery[]> {
  const rows = rowsOf<{
    id: string | number;
    event_key: string;
    channel: Channel;
    target: string;
    user_id: string | null;
    payload: unknown;
    attempts: number;
  }>(
    await db.execute(sql`
      update notification_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${now}
      where id in (
        select id from notification_outbox where status = 'pending' and next_attempt_at <= ${now}
        order by id limit ${limit} for update skip locked
      )
      returning id, event_key, channel, target, user_id, payload, attempts`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    eventKey: r.event_key,
    channel: r.channel,
    target: r.target,
    userId: r.user_id,
    payload: r.payload,
    attempts: r.attempts,
  }));
}

/** Records what a send did: sent, gone (the target no longer exists), retried later, or failed for good. */
export async function settle(db: Executor, delivery: Delivery, result: SendResult, now: number): Promise<void> {
  const where = eq(notificationOutbox.id, delivery.id);
  if (result.ok) {
    await db.update(notificationOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(where);
    return;
  }
  const error = result.error.slice(0, 300);
  if (result.gone || delivery.attempts >= OUTBOX_MAX_ATTEMPTS) {
    const status = result.gone ? 'gone' : 'failed';
    await db.update(notificationOutbox).set({ status, sentAt: now, lastError: error }).where(where);
    return;
  }
  const wait = result.retryAfterSeconds ?? RETRY_DELAYS[Math.min(delivery.attempts - 1, RETRY_DELAYS.length - 1)] ?? 60;
  await db
    .update(notificationOutbox)
    .set({ status: 'pending', nextAttemptAt: now + Math.max(1, Math.ceil(wait)), lastError: error })
    .where(where);
}

/** Housekeeping: claims left by a stopped instance are given up; old rows are removed. */
export async function pruneOutbox(db: Executor, now: number): Promise<{ stale: number; removed: number }> {
  const stale = await db
    .update(notificationOutbox)
    .set({ status: 'failed', lastError: 'claimed by an instance that stopped', sentAt: now })
    .where(
      and(eq(notificationOutbox.status, 'sending'), lt(notificationOutbox.nextAttemptAt, now - STALE_CLAIM_SECONDS)),
    )
    .returning({ id: notificationOutbox.id });
  const removed = await db
    .delete(notificationOutbox)
    .where(
      and(
        inArray(notificationOutbox.status, ['sent', 'failed', 'gone']),
        lt(notificationOutbox.createdAt, now - OUTBOX_RETENTION_SECONDS),
      ),
    )
    .returning({ id: notificationOutbox.id });
  return { stale: stale.length, removed: removed.length };
}

/** Counts for /metrics and the tests. */
export async function outboxCounts(db: Executor): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: string | number }>(
    await db.execute(sql`select status, count(*) as n from notification_outbox group by status`),
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** When the next pending row falls due (unix seconds), or null when none waits. */
async function nextDue(db: Executor): Promise<number | null> {
  const [row] = rowsOf<{ due: string | number | null }>(
    await db.execute(sql`select min(next_attempt_at) as due from notification_outbox where status = 'pending'`),
  );
  return row?.due === null || row?.due === undefined ? null : Number(row.due);
}

/**
 * Sends what is due, on this instance, in the background: woken by an enqueue here, by a timer at the next retry's
 * time, and by a slow sweep (rows another instance queued and could not send). Senders run in parallel within a round
 * (each with its own timeout); a sender that throws counts as a failed try. No polling in between: a quiet site costs
 * no queries.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly senders = new Map<Channel, Sender>();

  constructor(
    private readonly db: Executor,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    private readonly sweepMs = 60_000,
  ) {}

  use(sender: Sender): void {
    this.senders.set(sender.channel, sender);
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.sweepMs);
    this.timer.unref();
  }

  /** Starts a round now (or right after the one running). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.rounds().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no round is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = null;
    this.retryTimer = null;
    await this.idle();
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      try {
        const due = await claimDue(this.db, this.now());
        await Promise.all(due.map((d) => this.deliver(d)));
        if (due.length === CLAIM_BATCH) this.again = true;
        else if (!this.again) await this.wakeAtNextRetry();
      } catch (err) {
        this.log.error({ error: loggableError(err) }, 'notification round failed');
      }
    } while (this.again && !this.stopped);
  }

  /** A timer for the earliest row that waits for its retry time. */
  private async wakeAtNextRetry(): Promise<void> {
    const due = await nextDue(this.db);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (due === null || this.stopped) return;
    const waitMs = Math.max(0, (due - this.now()) * 1000);
    if (waitMs === 0) {
      this.again = true;
      return;
    }
    this.retryTimer = setTimeout(() => this.wake(), waitMs);
    this.retryTimer.unref();
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const sender = this.senders.get(delivery.channel);
    let result: SendResult;
    try {
      result = sender
        ? await sender.send(delivery)
        : { ok: false, error: `no sender for ${delivery.channel}`, gone: true };
    } catch (err) {
      result = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    if (!result.ok) {
      this.log.warn(
        { channel: delivery.channel, attempts: delivery.attempts, error: result.error },
        'notification not delivered',
      );
    }
    await settle(this.db, delivery, result, this.now());
  }
}
