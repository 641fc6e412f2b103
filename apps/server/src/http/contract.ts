import { appendFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ERRORS, type ErrorCode } from '@rankmatch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { isRateLimited } from './rate-limit.ts';

// The API's contract, declared by each route (route.ts): its summary, access, zod request schemas (body, query,
// params), replies and the error codes it answers with, kept in the route's config. The registry below collects them
// as routes are registered (a route without one is refused at registration), the OpenAPI document is built from the
// registry (docs/openapi.ts), and, when API_CONTRACT_CHECK=1 (the test suites), every JSON reply is checked against
// the route's declared reply for its status.

/** Who may call: public (no credentials), identity/user/admin (bearer token; identity: a session whose user record
 * may not exist yet, documented as user), websocket (the token in `?token=`), webhook (Stripe's signature header),
 * metrics (METRICS_TOKEN as a bearer token, or an allowed address). */
export type Access = 'public' | 'identity' | 'user' | 'admin' | 'websocket' | 'webhook' | 'metrics';

/** A reply that is not JSON, or JSON with a schema, or documented without a body. */
export interface ReplyDoc {
  description: string;
  /** Content type of a non-JSON body (text/html, text/plain, application/xml). */
  contentType?: string;
  schema?: z.ZodType;
  headers?: Record<string, string>;
}

export interface RouteContract {
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** JSON request body. */
  body?: z.ZodType;
  /** A route that reads no body: what a client sends (the web app's `{}`), documented as an optional object. */
  noBody?: string;
  /** A body that is not parsed as JSON by the route (the webhook's raw bytes); `*`: any type, the route checks. */
  rawBody?: { contentType: string; description: string; tooLarge?: ErrorCode };
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers the route reads (besides authorization). */
  headers?: { name: string; description: string; required: boolean }[];
  /** The JSON reply of 200. */
  reply?: z.ZodType;
  /** Other successful (or not JSON) replies, by status. */
  replies?: Record<number, z.ZodType | ReplyDoc>;
  /** The catalogued errors this route answers with besides those of its access, input and the server's own. */
  errors?: ErrorCode[];
  /** A public read that shared caches may keep (http/cache.ts); every other reply is `no-store`. */
  cache?: CachePolicy;
}

/** How long a shared cache (a CDN, the proxy in front) may serve a public read; browsers always revalidate. */
export interface CachePolicy {
  /** Fresh for shared caches this many seconds (`s-maxage`). */
  sharedSeconds: number;
  /** Then served stale while one request revalidates (`stale-while-revalidate`). */
  staleSeconds: number;
  /** The version of what the route serves, when it has one (the validator without building the reply). */
  version?: () => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}

/** Route options declaring the route's contract (spread other options beside it). */
export const api = (contract: RouteContract) => ({ config: { contract } });

/** Every error reply: `{ error, code, details?, retry_after_seconds? }` (apps/server/src/http/errors.ts). */
export const errorBodySchema = z.object({
  error: z.string().describe('The message, in Japanese, for people'),
  code: z.string().describe('The stable code (the error catalogue, or a validation code for 400)'),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retry_after_seconds: z.number().int().optional().describe('429 and 503: when to try again'),
});

const ACCESS_ERRORS: Record<Access, ErrorCode[]> = {
  public: [],
  identity: ['LOGIN_REQUIRED', 'UNAUTHORIZED', 'BANNED', 'USER_NOT_FOUND'],
  user: ['LOGIN_REQUIRED', 'UNAUTHORIZED', 'BANNED', 'USER_NOT_FOUND'],
  admin: ['LOGIN_REQUIRED', 'UNAUTHORIZED', 'BANNED', 'USER_NOT_FOUND', 'FORBIDDEN'],
  websocket: ['WS_UPGRADE_REQUIRED'],
  webhook: [],
  metrics: ['ROUTE_NOT_FOUND', 'FORBIDDEN'],
};

export interface RouteEntry {
  method: string;
  url: string;
  contract: RouteContract;
}

/** The error codes a route may answer with, by status. */
export function errorCodesOf(route: RouteEntry): Map<number, string[]> {
  const { contract, method, url } = route;
  const codes = new Set<ErrorCode>(ACCESS_ERRORS[contract.access]);
  const readsInput = contract.body || contract.query || contract.params || /:\w/.test(url);
  if (readsInput) codes.add('VALIDATION_ERROR');
  if (method === 'POST' || method === 'PUT' || method === 'DELETE') {
    // Any body is parsed before the handler runs (a route that reads none still refuses broken JSON).
    for (const code of ['INVALID_JSON', 'EMPTY_BODY', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const)
      codes.add(code);
  }
  if (isRateLimited(url)) codes.add('RATE_LIMITED');
  for (const code of contract.errors ?? []) codes.add(code);
  // Refused before routing: headers over the limit (every request), a path parameter over the limit.
  codes.add('HEADERS_TOO_LARGE');
  if (/:\w/.test(url)) codes.add('URI_TOO_LONG');
  codes.add('INTERNAL');
  if (contract.access !== 'metrics') codes.add('DB_UNAVAILABLE');
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The successful replies of a route, by status. */
export function successRepliesOf(contract: RouteContract): Map<number, ReplyDoc> {
  const replies = new Map<number, ReplyDoc>();
  const asDoc = (reply: z.ZodType | ReplyDoc): ReplyDoc =>
    reply instanceof z.ZodType ? { description: 'OK', schema: reply } : reply;
  if (contract.reply) replies.set(200, asDoc(contract.reply));
  for (const [status, reply] of Object.entries(contract.replies ?? {})) replies.set(Number(status), asDoc(reply));
  if (replies.size === 0) replies.set(200, { description: 'OK' });
  if (contract.cache) replies.set(304, { description: 'Not modified: the If-None-Match validator is current' });
  return replies;
}

export interface ContractMismatch {
  method: string;
  url: string;
  status: number;
  problem: string;
}

/** The routes registered with their contracts, and (when checking) the replies that broke them. */
export class RouteRegistry {
  readonly routes: RouteEntry[] = [];
  readonly mismatches: ContractMismatch[] = [];
  private pages = false;

  /** The routes registered from now on are the web app's pages and files (no API: not documented). */
  pagesFollow(): void {
    this.pages = true;
  }

  /** Collects every route's contract; a route registered without one is an error (pages of the web app aside). */
  collect(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      const contract = route.config?.contract;
      if (methods.length === 0 || (this.pages && !contract)) return;
      if (!contract) throw new Error(`${methods.join(',')} ${route.url}: a route declares its contract (api({ … }))`);
      for (const method of methods) this.routes.push({ method, url: route.url, contract });
    });
  }

  /** Checks each reply against the contract of its route: the status must be declared, and a JSON body must match
   * the declared schema (the error shape for an error status). Mismatches are recorded, the reply goes out as is. */
  check(app: FastifyInstance): void {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method === 'HEAD') return payload;
      // A WebSocket upgrade of a plain route is no call of it: it gets the unknown route's 404 (realtime/hub.ts).
      const upgrade =
        (request as { ws?: boolean }).ws === true && request.routeOptions.config?.contract?.access !== 'websocket';
      const contract = upgrade ? undefined : request.routeOptions.config?.contract;
      const method = request.method;
      const url = request.routeOptions.url ?? request.url;
      const status = reply.statusCode;
      const record = (problem: string) => {
        this.mismatches.push({ method, url, status, problem });
        // A server in its own process (the e2e suites) writes them where the suite reads them at the end.
        const report = process.env.API_CONTRACT_REPORT;
        if (report) appendFileSync(report, `${JSON.stringify({ method, url, status, problem })}\n`);
      };
      const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
      // A route that sends pre-compressed bytes (http/encoded.ts) is checked on what they decode to.
      const encoding = reply.getHeader('content-encoding');
      const bytes = !Buffer.isBuffer(payload)
        ? null
        : encoding === 'br'
          ? brotliDecompressSync(payload)
          : encoding === 'gzip'
            ? gunzipSync(payload)
            : payload;
      const text = typeof payload === 'string' ? payload : bytes ? bytes.toString('utf8') : null;
      const body = () => JSON.parse(text ?? 'null');
      if (!contract) {
        // Outside every route (the not-found handler): the error shape still holds.
        if (json && status >= 400 && !errorBodySchema.safeParse(body()).success) record('not the error shape');
        return payload;
      }
      const success = successRepliesOf(contract).get(status);
      const errors = errorCodesOf({ method, url, contract }).get(status);
      if (!success && !errors) {
        record('status not documented');
        return payload;
      }
      if (!json || text === null) {
        if (success?.schema) record(`not JSON (${String(reply.getHeader('content-type'))})`);
        return payload;
      }
      const parsed = body();
      if (errors && !success) {
        const result = errorBodySchema.safeParse(parsed);
        if (!result.success) record(`not the error shape: ${result.error.message}`);
        else if (!errors.includes(parsed.code) && status !== 400) record(`code ${parsed.code} not documented`);
        return payload;
      }
      if (success?.schema) {
        const result = success.schema.safeParse(parsed);
        if (!result.success) record(`reply does not match: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
      }
      return payload;
    });
  }
}
