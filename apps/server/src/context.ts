import type { AccessTokenClaims } from '@rankmatch/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { DomainEvents } from './events/domain.ts';
import type { Write } from './events/unit.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import type { Metrics } from './metrics/metrics.ts';

/**
 * Our access tokens: auth/tokens.ts's TokenSigner, described here so that the context every folder imports depends
 * on no domain folder.
 */
export interface AccessTokens {
  sign(input: { userId: string; sessionId: string; dummy: boolean; expiresAt: number }): Promise<string>;
  /** The claims of a valid token, or null. */
  verify(token: string): Promise<AccessTokenClaims | null>;
  /** The user id of a validly signed bearer token, or null. */
  subjectOf(authorization: string | undefined): Promise<string | null>;
}

/** The one dependency bag: built once in buildApp, every module is made from it. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: AccessTokens;
  /** Unix seconds; tests may move time. */
  now(): number;
  /** HTTP client for third parties (Discord). */
  fetch: typeof fetch;
  log: FastifyBaseLogger;
  /** Fan-out to every instance (in-process, or Redis). */
  bus: EventBus;
  /** Event handlers are registered here (by app.ts, from the modules' lists). */
  events: DomainEvents;
  /** A transaction whose commands' events are published after its commit: the only way events are published. */
  write: Write;
  jobs: Scheduler;
  metrics: Metrics;
}

export const unixNow = () => Math.floor(Date.now() / 1000);
