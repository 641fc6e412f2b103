import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { z } from 'zod';
import type { users } from '../db/schema.ts';
import type { Work, Write } from '../events/unit.ts';
import { NO_STORE, validate, versionTagger, weakTag } from './cache.ts';
import { type Access, api, type CachePolicy, type RouteContract } from './contract.ts';
import { type EncodedBody, sendEncoded } from './encoded.ts';
import { AppError } from './errors.ts';
import type { SharedReads } from './shared-reads.ts';
import { parse } from './validate.ts';

// A route is declared once: `route({ method, url, access, params, query, body, reply, errors, summary, … }, handler)`.
// The declaration is the contract (the API document and the reply check read it) and does the work: it authenticates
// and authorizes from `access` before the body is read, parses params, query and body with the declared schemas, runs
// the handler in a transaction when it `writes` (the events its commands emit are published after the commit), and
// hands the handler what it asked for. No handler authenticates or parses by hand (test/route-rules.test.ts).

export type UserRow = typeof users.$inferSelect;

export interface Identity {
  userId: string;
  sessionId: string;
  dummy: boolean;
}

/** A signed-in player (or admin) with their record. */
export interface Caller {
  identity: Identity;
  user: UserRow;
}

/** How the routes authenticate (auth/guard.ts): each level refuses what it does not accept. */
export interface Authenticator {
  /** A valid token whose session is open (the user record may not exist yet). */
  identity(request: FastifyRequest): Promise<Identity>;
  user(request: FastifyRequest): Promise<Caller>;
  admin(request: FastifyRequest): Promise<Caller>;
  /** The identity when a valid token is present, null otherwise. */
  optional(request: FastifyRequest): Promise<Identity | null>;
  /** A metrics scrape: METRICS_TOKEN or an allowed address. */
  metrics(request: FastifyRequest): Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteSpec extends RouteContract {
  method: Method;
  url: string;
  /** Runs the handler in one transaction (`work`); its commands' events are published after the commit. */
  writes?: boolean;
  /** Put before the message of every error the handler or its input parse answers with (spec admin §8's
   * 「シーズンの作成に失敗しました: …」). */
  errorPrefix?: string;
  /** Fastify options of this route alone. */
  bodyLimit?: number;
  onSend?: onSendHookHandler;
  /** The reply is a body encoded once (http/encoded.ts), declared with encodedRoute(). */
  encoded?: Encoded;
}

/** A body kept with its compressed variants, and its Content-Type. */
export interface Encoded {
  body: () => EncodedBody;
  type: string;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

type CallerOf<A extends Access> = A extends 'user' | 'admin'
  ? Caller
  : A extends 'identity'
    ? { identity: Identity }
    : // An open route may still want to know who calls when they are signed in (resolved on first ask).
      { viewer(): Promise<Identity | null> };

/** What a handler receives. */
export type Call<S extends RouteSpec> = CallerOf<S['access']> & {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Parsed<S['params']>;
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
  /** The app clock when the call began (unix seconds). */
  now: number;
} & (S['writes'] extends true ? { work: Work } : unknown);

export interface RouteDef {
  spec: RouteSpec;
  handler: (call: never) => unknown;
}

/** Declares a route (mounted by its module's list, see module.ts). */
export function route<const S extends RouteSpec>(spec: S, handler: (call: Call<S>) => unknown): RouteDef {
  return { spec, handler: handler as RouteDef['handler'] };
}

/**
 * Declares a route whose reply is a body encoded once: sent in the encoding the client accepts, never compressed per
 * request. A public one with a versioned cache policy and a fixed path is also a shared read (http/shared-reads.ts).
 */
export function encodedRoute<const S extends RouteSpec & { encoded: Encoded }>(spec: S): RouteDef {
  return route(spec, ({ request, reply }) => sendEncoded(request, reply, spec.encoded.body(), spec.encoded.type));
}

export interface RouteDeps {
  auth: Authenticator;
  write: Write;
  now: () => number;
  /** Where public reads of an encoded body are answered before the pipeline. */
  shared?: SharedReads;
}

const AUTHENTICATED: Partial<Record<Access, 'identity' | 'user' | 'admin' | 'metrics'>> = {
  identity: 'identity',
  user: 'user',
  admin: 'admin',
  metrics: 'metrics',
};

/** Registers routes on the app; a route with a raw body gets a scope of its own whose parser keeps the bytes. */
export async function mountRoutes(app: FastifyInstance, routes: readonly RouteDef[], deps: RouteDeps): Promise<void> {
  for (const def of routes) {
    const raw = def.spec.rawBody;
    if (!raw) {
      register(app, def, deps);
      continue;
    }
    await app.register(async (scope) => {
      if (raw.contentType === '*') scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(raw.contentType, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      const tooLarge = raw.tooLarge;
      // The route's own 413 (its limit is not the API's 64 KB); the app's error handler replies with it.
      if (tooLarge) {
        scope.setErrorHandler((err: FastifyError) => {
          throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError(tooLarge) : err;
        });
      }
      register(scope, def, deps);
    });
  }
}

/** A reply a shared cache keeps is everyone's: its route may not ask who calls. */
const sharedReply = (): never => {
  throw new Error('a route with a cache policy serves everyone the same reply: it cannot depend on the viewer');
};

function register(app: FastifyInstance, def: RouteDef, deps: RouteDeps): void {
  const { spec } = def;
  const level = AUTHENTICATED[spec.access];
  const callers = new WeakMap<FastifyRequest, Caller | { identity: Identity } | object>();
  const { method, url, writes, errorPrefix, bodyLimit, onSend, encoded, ...contract } = spec;
  const handler = def.handler as (call: object) => unknown;
  const tagOfVersion = versionTagger();
  const version = spec.cache?.version;
  // A shared read is answered without the pipeline: only a route the pipeline adds nothing to qualifies (no input
  // to parse, no hook of its own, no transaction, one fixed path).
  const plain = !spec.params && !spec.query && !spec.body && !onSend && !writes && !spec.rawBody && !/[:*]/.test(url);
  if (deps.shared && encoded && version && method === 'GET' && spec.access === 'public' && plain) {
    deps.shared.add({
      url,
      policy: { ...(spec.cache as CachePolicy), version },
      body: encoded.body,
      contentType: encoded.type,
    });
  }

  // Every call has the same shape (the fields a route did not ask for are undefined): the closures of every route
  // share this code, and an object spread from callers of different shapes made its stores megamorphic, about a
  // tenth of the ranking read's CPU (issue 37's profile).
  const run = (request: FastifyRequest, reply: FastifyReply) => {
    const caller = level ? (callers.get(request) as Partial<Caller> | undefined) : undefined;
    const call: Record<string, unknown> = {
      identity: caller?.identity,
      user: caller?.user,
      viewer: level ? undefined : spec.cache ? sharedReply : () => deps.auth.optional(request),
      request,
      reply,
      params: spec.params ? parse(spec.params, request.params) : undefined,
      query: spec.query ? parse(spec.query, request.query ?? {}) : undefined,
      body: spec.body ? parse(spec.body, request.body ?? {}) : undefined,
      now: deps.now(),
      work: undefined,
    };
    if (!writes) return handler(call);
    return deps.write(async (work) => {
      call.work = work;
      return handler(call);
    });
  };

  app.route({
    method,
    url,
    ...api(contract),
    ...(bodyLimit !== undefined && { bodyLimit }),
    ...(onSend && { onSend }),
    // A GET has no body to decompress (Fastify reads none), and a route that encodes itself needs no compression
    // hooks: each is a hook less per request.
    ...(method === 'GET' && { decompress: false as const }),
    ...(encoded && { compress: false as const }),
    // Who calls is settled before the body is even read.
    ...(level && {
      onRequest: async (request: FastifyRequest) => {
        callers.set(request, await callerOf(deps.auth, level, request));
      },
    }),
    // Synchronous unless the route's handler is not: on Node 20 every promise pays the async hooks that the
    // scheduler's AsyncLocalStorage turns on, and the ranking read (a sync handler) needs none.
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const policy = spec.cache;
      // A versioned read answers a current validator before any work.
      const versionTag = policy?.version ? tagOfVersion(policy.version()) : null;
      if (policy && versionTag && validate(request, reply, policy, versionTag)) return reply.code(304).send();
      const done = (result: unknown) => {
        if (policy && !versionTag && !reply.sent && reply.statusCode === 200) {
          if (validate(request, reply, policy, weakTag(JSON.stringify(result)))) return reply.code(304).send();
        }
        return result;
      };
      const failed = (err: unknown): never => {
        // An error is never kept by a shared cache (the versioned read set its headers before the work).
        if (policy) void reply.header('cache-control', NO_STORE).removeHeader('etag');
        throw errorPrefix ? prefixed(err, errorPrefix) : err;
      };
      let result: unknown;
      try {
        result = run(request, reply);
      } catch (err) {
        return failed(err);
      }
      // A reply the handler sent itself is thenable too: it is handed back as it is.
      if (result instanceof Promise) return result.then(done, failed);
      return done(result);
    },
  });
}

async function callerOf(
  auth: Authenticator,
  level: 'identity' | 'user' | 'admin' | 'metrics',
  request: FastifyRequest,
) {
  if (level === 'identity') return { identity: await auth.identity(request) };
  if (level === 'metrics') {
    await auth.metrics(request);
    return {};
  }
  return auth[level](request);
}

/** The same error with its message prefixed (and the validation body's `error`, which the reply sends). */
function prefixed(err: unknown, prefix: string): unknown {
  if (!(err instanceof AppError)) return err;
  const next = new AppError(err.code, `${prefix}${err.message}`, err.details);
  const body = (err as AppError & { body?: { code: string } }).body;
  if (body) Object.assign(next, { body: { ...body, error: next.message } });
  return next;
}
