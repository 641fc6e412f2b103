import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { settings } from '../../src/db/schema.ts';
import type { EventBus } from '../../src/events/bus.ts';
import { seedOnStart } from '../../src/seed/index.ts';
import { resetDatabase, testDatabase } from './db.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A clock tests can move. */
export class TestClock {
  constructor(public current = 1_800_000_000) {}
  now = () => this.current;
  advance(seconds: number) {
    this.current += seconds;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  built: BuiltApp;
  clock: TestClock;
  /** inject with an optional bearer token */
  request(opts: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse>;
  /** Logs in a test account (created when new) and returns its token. */
  login(userId: string, extra?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the app on the worker's shared database, emptied first. `env` overrides configuration variables.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    fetch?: typeof fetch;
    reset?: boolean;
    seed?: boolean;
    bus?: EventBus;
    /** Receives the server's JSON log lines (tests that read the log). */
    logStream?: NodeJS.WritableStream;
    /** A built web app to serve (none by default). */
    webDist?: string;
    /**
     * The site's ready_check_seconds: 0 unless a test asks (its waves make matches at once, as before the ready
     * check); null leaves the site's default (no row written).
     */
    readyCheckSeconds?: number | null;
  } = {},
): Promise<TestApp> {
  const database = await testDatabase();
  if (options.reset !== false) await resetDatabase(database);
  const clock = new TestClock();
  // The app writes its generated secrets here; removed when the app closes.
  const dataDir = mkdtempSync(join(tmpdir(), 'rankmatch-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const built = await buildApp({
    config,
    database,
    now: clock.now,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    webDist: options.webDist ?? null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
  });
  const { app, ctx } = built;
  if (options.seed !== false) {
    await seedOnStart(database.db, config, clock.now());
    const seconds = options.readyCheckSeconds === undefined ? 0 : options.readyCheckSeconds;
    if (seconds !== null) await setReadyCheckSeconds(database.db, seconds);
  }
  await app.ready();

  const request: TestApp['request'] = ({ token, ...opts }) =>
    app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  const login: TestApp['login'] = async (userId, extra = {}) => {
    const res = await request({ method: 'POST', url: '/api/auth/dummy/login', payload: { user_id: userId, ...extra } });
    if (res.statusCode !== 200) throw new Error(`login ${userId} failed: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  };

  // A reply that broke its route's contract (API_CONTRACT_CHECK=1, set for the server suites) fails the file.
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    const { mismatches } = built.contracts;
    if (mismatches.length > 0) {
      const list = mismatches.map((m) => `${m.method} ${m.url} → ${m.status}: ${m.problem}`);
      mismatches.length = 0;
      throw new Error(`Replies that do not match the API document:\n${[...new Set(list)].join('\n')}`);
    }
  };
  return { app, ctx, built, clock, request, login, close };
}

/** Writes the site's ready_check_seconds straight into the settings (a test's set-up; admins use the settings API). */
export async function setReadyCheckSeconds(db: BuiltApp['ctx']['db'], seconds: number): Promise<void> {
  const row = { id: 'ready_check_seconds', value: String(seconds), updatedAt: 0 };
  await db.insert(settings).values(row).onConflictDoUpdate({ target: settings.id, set: row });
}

export interface FreshApp {
  t: TestApp;
  /** Token of the development admin (dummy_admin). */
  admin: string;
  /** Token of a plain player (dummy_01). */
  player: string;
}

/** A fresh app on an emptied database before each test (closed after the file), with admin and player tokens. */
export function freshAppPerTest(
  onReady: (fresh: FreshApp) => void,
  options: Parameters<typeof createTestApp>[0] = {},
): void {
  let current: TestApp | undefined;
  beforeEach(async () => {
    await current?.close();
    current = await createTestApp(options);
    onReady({ t: current, admin: await current.login('dummy_admin'), player: await current.login('dummy_01') });
  });
  afterAll(async () => {
    await current?.close();
  });
}
