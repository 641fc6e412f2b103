import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { cacheControlOf, isCurrent, versionTagger } from './cache.ts';
import type { CachePolicy } from './contract.ts';
import { type EncodedBody, type Encoding, negotiateEncoding } from './encoded.ts';
import { type RequestMeter, recordRequest } from './request-record.ts';

// The reads every visitor shares (the ranking: one body per snapshot, encoded once) are answered as the request
// arrives, before Fastify's pipeline: its router and hook runners cost more per read than the 15 % issue 37 allows
// over a bare server sending the same bytes (docs/deployment.md, "Shared reads first").
//
// Such a read is answered here only when the pipeline would answer it the same way, from the same definitions: the
// route's cache policy and encoded body, the API's security headers, the rate limit (counted under the same key),
// the request's log line and count. Anything else goes on to the pipeline: another method (HEAD), a query, a token
// (counted per user), a body, an address at its limit (the pipeline refuses it), a server that is closing.
// test/shared-reads.test.ts compares both paths' replies.

/** A public read whose body is the same for everyone and has a version (its ETag). */
export interface SharedRead {
  /** The route's path: a request's URL must be exactly it. */
  url: string;
  policy: CachePolicy & { version: () => string };
  body: () => EncodedBody;
  contentType: string;
}

/** Who sent a request: the same address Fastify's `request.ip` gives under the same trust (server.ts). */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

interface Entry {
  read: SharedRead;
  tagOf: (version: string) => string;
  /** The tag and body the headers were worked out for. */
  tag: string;
  body: EncodedBody | null;
  /** The reply headers by encoding ('identity' for none), and for a 304. */
  heads: Record<Encoding | 'identity' | 'current', OutgoingHttpHeaders>;
}

export interface SharedReadsDeps {
  /** The headers every API reply starts with (http/security-headers.ts). */
  apiHeaders: Record<string, string>;
  limiter: { takeIfAllowed(key: string): boolean };
  trust: ProxyTrust;
  meter: RequestMeter;
  log: FastifyBaseLogger;
  /** The app's request ids (http/request-record.ts requestIds, Fastify's genReqId too). */
  requestId: () => string;
}

export class SharedReads {
  private readonly entries = new Map<string, Entry>();
  private closing = false;
  /** Reads answered here (the tests check that this path ran). */
  served = 0;

  constructor(private readonly deps: SharedReadsDeps) {}

  add(read: SharedRead): void {
    const heads = { identity: {}, br: {}, gzip: {}, current: {} };
    this.entries.set(read.url, { read, tagOf: versionTagger(), tag: '', body: null, heads });
  }

  /** The paths answered here. */
  get urls(): string[] {
    return [...this.entries.keys()];
  }

  /** Puts this path in front of the server's one request listener (Fastify's). */
  attach(server: Server, onClosing: (mark: () => void) => void): void {
    const listeners = server.listeners('request');
    const pipeline = listeners[0] as ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
    if (listeners.length !== 1 || !pipeline)
      throw new Error(`expected one request listener, found ${listeners.length}`);
    server.removeListener('request', pipeline);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      let served: boolean;
      try {
        served = this.serve(req, res);
      } catch (err) {
        // Outside Fastify nothing else would catch it: the pipeline answers unless a reply was begun here (a reply
        // begun and not ended is cut off; one sent in full stays sent).
        this.deps.log.error({ err, path: req.url }, 'shared read failed');
        served = res.headersSent;
        if (served && !res.writableEnded) res.destroy();
      }
      if (!served) pipeline(req, res);
    });
    onClosing(() => {
      this.closing = true;
    });
  }

  /** Answers `req` when it is a plain visitor's read of a shared body; false leaves it to the pipeline. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const started = performance.now();
    if (req.method !== 'GET' || this.closing) return false;
    const entry = this.entries.get(req.url ?? '');
    if (!entry) return false;
    const headers = req.headers;
    if (headers.authorization !== undefined || headers['content-length'] !== undefined) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    // The reply is worked out before the request is counted: a read that fails here is counted once, by the pipeline.
    const body = entry.read.body();
    const heads = this.headsOf(entry, body);
    const current = isCurrent(headers['if-none-match'], entry.tag);
    const encoding = current ? null : negotiateEncoding(headers['accept-encoding']);
    const { trust, limiter } = this.deps;
    const address = trust ? proxyAddr(req, trust) : req.socket.remoteAddress;
    if (!limiter.takeIfAllowed(`ip:${address}`)) return false;

    if (current) {
      res.writeHead(304, heads.current);
      res.end();
    } else {
      res.writeHead(200, heads[encoding ?? 'identity']);
      res.end(encoding ? body[encoding] : body.identity);
    }
    this.served += 1;
    recordRequest(this.deps.log, this.deps.meter, {
      reqId: this.deps.requestId(),
      method: 'GET',
      url: entry.read.url,
      route: entry.read.url,
      status: current ? 304 : 200,
      ms: performance.now() - started,
    });
    return true;
  }

  /** The reply headers of the read's current version and body, worked out once for each. */
  private headsOf(entry: Entry, body: EncodedBody): Entry['heads'] {
    const { read } = entry;
    const tag = entry.tagOf(read.policy.version());
    if (tag === entry.tag && body === entry.body) return entry.heads;
    const common = { ...this.deps.apiHeaders, 'cache-control': cacheControlOf(read.policy), etag: tag };
    const typed = { ...common, 'content-type': read.contentType, vary: 'accept-encoding' };
    entry.tag = tag;
    entry.body = body;
    entry.heads = {
      identity: { ...typed, 'content-length': body.identity.length },
      br: { ...typed, 'content-encoding': 'br', 'content-length': body.br.length },
      gzip: { ...typed, 'content-encoding': 'gzip', 'content-length': body.gzip.length },
      current: common,
    };
    return entry.heads;
  }
}
