import type { AccessTokenClaims } from '@rankmatch/shared';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';

/**
 * Our access tokens: auth/tokens.ts's TokenService, described here so that the context every folder imports depends
 * on no domain folder.
 */
export interface AccessTokens {
  sign(input: { userId: string; sessionId: string; dummy: boolean; expiresAt: number }): Promise<string>;
  /** The claims of a valid token, or null. */
  verify(token: string): Promise<AccessTokenClaims | null>;
  /** The user id of a validly signed bearer token, or null. */
  subjectOf(authorization: string | undefined): Promise<string | null>;
}

/** What every domain needs, built once in buildApp and passed to routes and services. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: AccessTokens;
  /** Unix seconds; tests may move time. */
  now(): number;
  /** HTTP client for third parties (Discord). */
  fetch: typeof fetch;
}

export const unixNow = () => Math.floor(Date.now() / 1000);
