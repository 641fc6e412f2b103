import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { EventBus } from '../events/bus.ts';
import { AppError } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { HttpMeter } from './http-meter.ts';

// Prometheus metrics at /metrics (prom-client): requests by route, waves, the queue, WebSocket clients and send time,
// settlement latency, job runs, and whether the database and Redis answer. Reachable only with METRICS_TOKEN (Bearer)
// or from METRICS_ALLOW addresses; off when neither is configured.

export class Metrics {
  readonly registry = new Registry();
  /** Requests by method, route and status, and their durations (written after the registry's metrics). */
  readonly http = new HttpMeter();
  readonly waveSeconds = new Histogram({
    name: 'rankmatch_wave_duration_seconds',
    help: 'Duration of matching waves that ran',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly waveMatches = new Counter({
    name: 'rankmatch_wave_matches_total',
    help: 'Matches created by waves',
    registers: [this.registry],
  });
  /** Ready checks opened by waves, started (all ten ready) and failed (a no-show or a leave). */
  readonly readyChecks = new Counter({
    name: 'rankmatch_ready_checks_total',
    help: 'Ready checks by event: opened, started, failed',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  /** Frames a client sent that the WebSocket protocol refuses (too large, bad opcode…): the socket is closed. */
  readonly wsProtocolErrors = new Counter({
    name: 'rankmatch_ws_protocol_errors_total',
    help: 'WebSocket connections closed for a frame the protocol refuses, by ws error code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly settlementSeconds = new Histogram({
    name: 'rankmatch_settlement_seconds',
    help: 'From the deciding report to the committed settlement',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly wsSendSeconds = new Histogram({
    name: 'rankmatch_ws_fanout_seconds',
    help: 'Time to hand one message to every target socket',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'rankmatch_process_' });
  }

  /** Everything in Prometheus's text format. */
  async scrape(): Promise<string> {
    return `${await this.registry.metrics()}\n${this.http.text()}`;
  }

  /** Gauges read when scraped: queue, WebSocket clients, jobs, database and Redis. */
  watch(sources: {
    queueSize: () => Promise<number>;
    /** Notifications in the delivery queue, by status (pending, sending, sent, failed, gone). */
    notifications: () => Promise<Record<string, number>>;
    wsClients: () => number;
    jobs: Scheduler;
    database: { ping(): Promise<unknown> };
    bus: EventBus;
  }): void {
    const registers = [this.registry];
    new Gauge({
      name: 'rankmatch_queue_waiting',
      help: 'Players waiting in the queue',
      registers,
      collect: async function (this: Gauge) {
        this.set(await sources.queueSize());
      },
    });
    new Gauge({
      name: 'rankmatch_notifications',
      help: 'Notifications in the delivery queue (kept a week) by status',
      labelNames: ['status'],
      registers,
      collect: async function (this: Gauge<'status'>) {
        const counts = await sources.notifications();
        for (const status of ['pending', 'sending', 'sent', 'failed', 'gone'])
          this.set({ status }, counts[status] ?? 0);
      },
    });
    new Gauge({
      name: 'rankmatch_ws_clients',
      help: 'WebSocket clients on this instance',
      registers,
      collect(this: Gauge) {
        this.set(sources.wsClients());
      },
    });
    const jobGauge = (name: string, help: string, pick: (s: ReturnType<Scheduler['snapshot']>[string]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['job'] as const,
        registers,
        collect(this: Gauge<'job'>) {
          for (const [job, stats] of Object.entries(sources.jobs.snapshot())) this.set({ job }, pick(stats));
        },
      });
    jobGauge('rankmatch_job_runs', 'Job runs on this instance', (s) => s.runs);
    jobGauge('rankmatch_job_failures', 'Failed job runs on this instance', (s) => s.failures);
    jobGauge('rankmatch_job_skipped', 'Job turns skipped because another run held the lock', (s) => s.skipped);
    jobGauge(
      'rankmatch_job_overruns',
      'Scheduled turns skipped because the previous turn was still running on this instance',
      (s) => s.overruns,
    );
    jobGauge('rankmatch_job_last_seconds', 'Duration of the last run', (s) => (s.lastMs ?? 0) / 1000);
    jobGauge('rankmatch_job_max_seconds', 'Duration of the longest run since start', (s) => s.maxMs / 1000);
    jobGauge('rankmatch_job_total_seconds', 'Duration of all runs since start', (s) => s.totalMs / 1000);
    const up = (name: string, help: string, check: () => Promise<unknown>) =>
      new Gauge({
        name,
        help,
        registers,
        collect: async function (this: Gauge) {
          this.set(
            await check().then(
              () => 1,
              () => 0,
            ),
          );
        },
      });
    up('rankmatch_database_up', 'The database answers', () => sources.database.ping());
    up('rankmatch_redis_up', 'Redis answers (1 when not configured)', () => sources.bus.ping());
  }
}

/** Whether a scrape may read the metrics: the configured token, or an allowed address (404 when neither is set). */
export function metricsAccess(config: Config['metrics'], authorization: string | undefined, ip: string): void {
  if (!config.token && config.allow.length === 0) throw new AppError('ROUTE_NOT_FOUND');
  const allowed = (config.token && authorization === `Bearer ${config.token}`) || config.allow.includes(ip);
  if (!allowed) throw new AppError('FORBIDDEN');
}

/** The Prometheus scrape (its access is checked by the route's declared access: metricsAccess). */
export function metricsRoutes(metrics: Metrics): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/metrics',
        summary: 'Prometheus metrics (METRICS_TOKEN or METRICS_ALLOW)',
        description: 'Answers 404 when neither METRICS_TOKEN nor METRICS_ALLOW is configured.',
        tag: 'system',
        access: 'metrics',
        replies: { 200: { description: 'The Prometheus text format', contentType: 'text/plain' } },
      },
      ({ reply }) => {
        reply.type(metrics.registry.contentType);
        return metrics.scrape();
      },
    ),
  ];
}
