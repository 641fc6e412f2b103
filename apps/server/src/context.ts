import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';

/** What every domain needs, built once in buildApp and passed to routes and services. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  /** Unix seconds; tests may move time. */
  now(): number;
  /** HTTP client for third parties (Discord). */
  fetch: typeof fetch;
}

export const unixNow = () => Math.floor(Date.now() / 1000);
