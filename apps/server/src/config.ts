import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  DEFAULT_PENALTY_CONFIG,
  DEFAULT_RATING_CONFIG,
  DEFAULT_SETTLEMENT_CONFIG,
  type PenaltyConfig,
  type RatingConfig,
  resolvePenaltyConfig,
  resolveRatingConfig,
  resolveSettlementConfig,
  type SettlementConfig,
} from '@rankmatch/engine';
import webPush from 'web-push';
import { z } from 'zod';
import { CLOCK_FORMAT_MESSAGE, parseSimulatedClock, type SimulatedClock } from './clock/simulated.ts';

// Configuration from environment variables, validated once at start. Development needs no configuration at all.

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const url = (what: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine(
      (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
      `${what} は http(s):// で始まる URL にしてください`,
    );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL は postgres:// で始まる接続文字列にしてください',
  ),
  DATABASE_POOL_SIZE: z.coerce
    .number('DATABASE_POOL_SIZE は 1〜100 の整数にしてください')
    .int('DATABASE_POOL_SIZE は 1〜100 の整数にしてください')
    .min(1, 'DATABASE_POOL_SIZE は 1〜100 の整数にしてください')
    .max(100, 'DATABASE_POOL_SIZE は 1〜100 の整数にしてください')
    .default(20),
  REDIS_URL: optionalString.refine(
    (v) => v === undefined || /^rediss?:\/\//.test(v),
    'REDIS_URL は redis:// で始まる URL にしてください',
  ),
  REDIS_NAMESPACE: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{1,64}$/.test(v),
    'REDIS_NAMESPACE は英数字・ハイフン・アンダースコアの64文字以内にしてください',
  ),
  PUBLIC_URL: url('PUBLIC_URL'),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'JWT_SECRET は32文字以上にしてください'),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_AUTHORIZE_URL: url('DISCORD_AUTHORIZE_URL').default('https://discord.com/oauth2/authorize'),
  DISCORD_API_BASE: url('DISCORD_API_BASE').default('https://discord.com/api/v10'),
  DISCORD_BOT_TOKEN: optionalString,
  VAPID_PUBLIC_KEY: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{80,90}$/.test(v),
    'VAPID_PUBLIC_KEY は base64url の公開鍵（65バイト）にしてください（web-push generate-vapid-keys で作れます）',
  ),
  VAPID_PRIVATE_KEY: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{40,46}$/.test(v),
    'VAPID_PRIVATE_KEY は base64url の秘密鍵（32バイト）にしてください',
  ),
  VAPID_SUBJECT: optionalString.refine(
    (v) => v === undefined || /^(mailto:|https:\/\/)/.test(v),
    'VAPID_SUBJECT は mailto: か https:// で始めてください',
  ),
  PUSH_ENDPOINT_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
      'PUSH_ENDPOINT_ORIGINS は https://host のカンマ区切りにしてください',
    ),
  ENABLE_DUMMY_LOGIN: z.enum(['true', 'false', '']).optional(),
  DUMMY_LOGIN_PASSWORD: optionalString,
  ADMIN_USER_IDS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  SEED_DEMO_DATA: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: optionalString.refine(
    (v) =>
      v === undefined ||
      /^\d{1,2}$/.test(v) ||
      v.split(',').every((a) => /^[0-9A-Fa-f:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(a.trim())),
    'TRUST_PROXY はプロキシの段数（例: 1）か、信頼するアドレス・CIDR のカンマ区切りにしてください',
  ),
  // Match rules (defaults and reasons in packages/engine: rating, settlement, penalty configs)
  RATING_K_FACTOR: z.coerce.number().int().min(1).max(200).default(DEFAULT_RATING_CONFIG.kFactor),
  REPORT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_SETTLEMENT_CONFIG.reportWindowMinutes),
  PENALTY_SAME_TEAM_REPORTERS: z.coerce.number().int().min(1).max(5).default(DEFAULT_PENALTY_CONFIG.sameTeamReporters),
  PENALTY_TOTAL_REPORTERS: z.coerce.number().int().min(1).max(9).default(DEFAULT_PENALTY_CONFIG.totalReporters),
  PENALTY_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(DEFAULT_PENALTY_CONFIG.timeoutMinutesPerPenalty),
  PENALTY_CORRECTION_MATCHES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(DEFAULT_PENALTY_CONFIG.matchesPerCorrection),
  STATS_DASHBOARD_URL: url('STATS_DASHBOARD_URL'),
  AD_SLOT_URL: url('AD_SLOT_URL'),
  OPERATOR_NAME: optionalString,
  OPERATOR_CONTACT: optionalString,
  METRICS_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= 16,
    'METRICS_TOKEN は16文字以上にしてください',
  ),
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  // Shop (card payments through Stripe Checkout; without a key, a built-in test payment outside production)
  SHOP_ENABLED: z.enum(['true', 'false', '']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: url('STRIPE_API_BASE'),
  // Rehearsals only: the server's time starts at a chosen instant and runs faster (clock/simulated.ts).
  SIMULATED_CLOCK: optionalString,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  /** A rehearsal's simulated clock (never in production), installed by main before anything else runs. */
  simulatedClock: SimulatedClock | null;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per instance (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** The Redis pub/sub channel of this deployment (REDIS_NAMESPACE, else derived from the database). */
  redisChannel: string;
  /** The prefix of this deployment's shared rate-limit counts in Redis (beside its channel). */
  redisRatePrefix: string;
  publicUrl: string;
  jwtSecret: string;
  discord: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    apiBase: string;
  } | null;
  dummyLogin: { enabled: boolean; password: string | undefined };
  /** Web Push (VAPID keys and subject), or null when push is off (production without keys). */
  push: { publicKey: string; privateKey: string; subject: string; extraOrigins: string[] } | null;
  /** The Discord bot's token for direct messages (DISCORD_BOT_TOKEN), and the API base of Discord's REST calls. */
  discordBot: { token: string | undefined; apiBase: string };
  adminUserIds: string[];
  /** Development start seeds a demo season, demo stats and test accounts. */
  seedDemoData: boolean;
  logLevel: string;
  rateLimitPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For to believe: none by default (the client's own address counts), a hop count, or
   * addresses/CIDRs. Believing any client's header would let it pick its own address and escape the rate limit.
   */
  trustProxy: false | number | string[];
  /** /metrics: a Bearer token and/or client addresses allowed to scrape (off when both are empty). */
  metrics: { token: string | undefined; allow: string[] };
  /** The match lifecycle's rules (engine configs). */
  rules: { rating: RatingConfig; settlement: SettlementConfig; penalty: PenaltyConfig };
  site: {
    statsDashboardUrl: string | undefined;
    adSlotUrl: string | undefined;
    operatorName: string | undefined;
    operatorContact: string | undefined;
  };
  /**
   * The shop: `stripe` with real keys (STRIPE_API_BASE points the SDK elsewhere, for tests), `test` for the built-in
   * test payment (development and test only), or null when the shop is off.
   */
  shop:
    | { mode: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string | undefined }
    | { mode: 'test'; webhookSecret: string }
    | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads a secret from DATA_DIR, creating it on first start (development only). */
function persistedSecret(dataDir: string, name = 'jwt-secret', prefix = ''): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = `${prefix}${randomBytes(48).toString('base64url')}`;
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function shopConfig(e: z.output<typeof envSchema>, production: boolean, dataDir: string): Config['shop'] {
  if (e.SHOP_ENABLED === 'false') return null;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('STRIPE_SECRET_KEY と STRIPE_WEBHOOK_SECRET は両方とも設定してください');
  }
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    return {
      mode: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    };
  }
  if (production) {
    throw new ConfigError(
      '本番環境ではテスト決済は使えません。STRIPE_SECRET_KEY と STRIPE_WEBHOOK_SECRET を設定するか、SHOP_ENABLED=false でショップを止めてください',
    );
  }
  return { mode: 'test', webhookSecret: persistedSecret(dataDir, 'webhook-secret', 'whsec_') };
}

/**
 * A deployment's name in Redis for `what` (its event stream, its shared rate-limit counts): REDIS_NAMESPACE, else
 * derived from the database the instances share (its URL, or the embedded database's folder), so separate
 * deployments never share a channel or a count.
 */
export function busChannel(namespace: string | undefined, database: string, what = 'events'): string {
  const name = namespace ?? createHash('sha256').update(database).digest('hex').slice(0, 16);
  return `rankmatch:${name}:${what}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`設定（環境変数）が正しくありません:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);

  const host = hostOf(e.HOST, production);
  refuseUnsafeSettings(e, production);
  refuseOpenTestAccounts(e, host, dummyEnabledOf(e, production));
  const simulatedClock = simulatedClockOf(e, production);
  const dummyEnabled = dummyEnabledOf(e, production);
  const port = e.PORT;
  return {
    simulatedClock,
    shop: shopConfig(e, production, dataDir),
    env: e.NODE_ENV,
    port,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisChannel: busChannel(e.REDIS_NAMESPACE, e.DATABASE_URL ?? dataDir),
    redisRatePrefix: busChannel(e.REDIS_NAMESPACE, e.DATABASE_URL ?? dataDir, 'rate'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    discord: discordOf(e),
    dummyLogin: { enabled: dummyEnabled, password: e.DUMMY_LOGIN_PASSWORD },
    push: pushOf(e, production, dataDir),
    discordBot: { token: e.DISCORD_BOT_TOKEN, apiBase: e.DISCORD_API_BASE.replace(/\/+$/, '') },
    adminUserIds: e.ADMIN_USER_IDS,
    seedDemoData: e.SEED_DEMO_DATA || (!production && e.NODE_ENV !== 'test' && env.SEED_DEMO_DATA !== 'false'),
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW },
    trustProxy:
      e.TRUST_PROXY === undefined
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    rules: rulesOf(e),
    site: {
      statsDashboardUrl: e.STATS_DASHBOARD_URL,
      adSlotUrl: e.AD_SLOT_URL,
      operatorName: e.OPERATOR_NAME,
      operatorContact: e.OPERATOR_CONTACT,
    },
  };
}

type Env = z.output<typeof envSchema>;

/** Settings that must not go together (production without a secret, test accounts without a password, …). */
/** Test accounts: on by default in development and test, off in production unless explicitly enabled. */
const dummyEnabledOf = (e: Env, production: boolean) =>
  e.ENABLE_DUMMY_LOGIN === 'true' || (!production && e.ENABLE_DUMMY_LOGIN !== 'false');

/** The listen address: every interface in production (a container behind its proxy), this machine only elsewhere. */
const hostOf = (host: string | undefined, production: boolean) => host ?? (production ? '0.0.0.0' : '127.0.0.1');

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Where the server will listen, read before anything else (the port is checked before any secret is written). */
export function listenAddress(env: NodeJS.ProcessEnv = process.env): { port: number; host: string } {
  const parsed = envSchema.pick({ NODE_ENV: true, PORT: true, HOST: true }).safeParse(env);
  if (!parsed.success) return loadConfig(env); // the full check explains what is wrong
  return { port: parsed.data.PORT, host: hostOf(parsed.data.HOST, parsed.data.NODE_ENV === 'production') };
}

/**
 * Test accounts sign in without a password: on an address other machines reach, anyone on the same network (a
 * café's wifi) would sign in as dummy_admin. They need DUMMY_LOGIN_PASSWORD there.
 */
function refuseOpenTestAccounts(e: Env, host: string, dummyEnabled: boolean): void {
  if (!dummyEnabled || e.DUMMY_LOGIN_PASSWORD || isLoopback(host)) return;
  throw new ConfigError(
    `HOST=${host} では同じネットワークの誰でもテストアカウント（dummy_admin を含む）でログインできてしまいます。` +
      'このコンピューターだけで使うなら HOST を外して（既定は 127.0.0.1）ください。ほかの端末から開くときは ' +
      'DUMMY_LOGIN_PASSWORD を設定するか、ENABLE_DUMMY_LOGIN=false でテストアカウントを止めてください',
  );
}

function refuseUnsafeSettings(e: Env, production: boolean): void {
  if (production && !e.JWT_SECRET) {
    throw new ConfigError('NODE_ENV=production では JWT_SECRET（32文字以上）の設定が必須です');
  }
  if (production && e.ENABLE_DUMMY_LOGIN === 'true' && !e.DUMMY_LOGIN_PASSWORD) {
    throw new ConfigError(
      '本番環境でテストアカウント（ENABLE_DUMMY_LOGIN=true）を使うには DUMMY_LOGIN_PASSWORD が必須です',
    );
  }
  if (Boolean(e.DISCORD_CLIENT_ID) !== Boolean(e.DISCORD_CLIENT_SECRET)) {
    throw new ConfigError('DISCORD_CLIENT_ID と DISCORD_CLIENT_SECRET は両方とも設定してください');
  }
}

/** The rehearsal's clock (never in production). */
function simulatedClockOf(e: Env, production: boolean): SimulatedClock | null {
  if (e.SIMULATED_CLOCK === undefined) return null;
  if (production) throw new ConfigError('NODE_ENV=production では SIMULATED_CLOCK（リハーサル用の時計）は使えません');
  const clock = parseSimulatedClock(e.SIMULATED_CLOCK, Date.now());
  if (!clock) throw new ConfigError(CLOCK_FORMAT_MESSAGE);
  return clock;
}

/**
 * VAPID keys: from the environment (both or neither), else generated into DATA_DIR outside production (like the other
 * secrets). Production without keys turns push off: every instance must sign with the same key.
 */
function pushOf(e: Env, production: boolean, dataDir: string): Config['push'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('VAPID_PUBLIC_KEY と VAPID_PRIVATE_KEY は両方とも設定してください');
  }
  const subject = e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : `mailto:admin@localhost`);
  const extraOrigins = e.PUSH_ENDPOINT_ORIGINS;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject, extraOrigins };
  }
  if (production) return null;
  return { ...persistedVapidKeys(dataDir), subject, extraOrigins };
}

function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function discordOf(e: Env): Config['discord'] {
  return e.DISCORD_CLIENT_ID && e.DISCORD_CLIENT_SECRET
    ? {
        clientId: e.DISCORD_CLIENT_ID,
        clientSecret: e.DISCORD_CLIENT_SECRET,
        authorizeUrl: e.DISCORD_AUTHORIZE_URL,
        apiBase: e.DISCORD_API_BASE.replace(/\/+$/, ''),
      }
    : null;
}

function rulesOf(e: Env): Config['rules'] {
  return {
    rating: resolveRatingConfig({ kFactor: e.RATING_K_FACTOR }),
    settlement: resolveSettlementConfig({ reportWindowMinutes: e.REPORT_WINDOW_MINUTES }),
    penalty: resolvePenaltyConfig({
      sameTeamReporters: e.PENALTY_SAME_TEAM_REPORTERS,
      totalReporters: e.PENALTY_TOTAL_REPORTERS,
      timeoutMinutesPerPenalty: e.PENALTY_TIMEOUT_MINUTES,
      matchesPerCorrection: e.PENALTY_CORRECTION_MATCHES,
    }),
  };
}
