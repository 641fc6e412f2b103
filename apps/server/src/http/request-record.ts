import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Where requests are counted (metrics/http-meter.ts). */
export interface RequestMeter {
  record(method: string, route: string, status: number, seconds: number): void;
}

/** What one answered request leaves: its log line and its count. */
export interface RequestRecord {
  /** The request's id, when the logger does not add it itself (Fastify's request.log does). */
  reqId?: string;
  method: string;
  /** The URL as asked; only its path is logged (a query may carry codes or tokens). */
  url: string;
  /** The route's pattern, or 'unmatched'. */
  route: string;
  status: number;
  ms: number;
}

/** One log line (method, path without the query, status, time) and the count by route for the metrics. */
export function recordRequest(log: FastifyBaseLogger, meter: RequestMeter, r: RequestRecord): void {
  const query = r.url.indexOf('?');
  log.info(
    {
      ...(r.reqId !== undefined && { reqId: r.reqId }),
      method: r.method,
      path: query < 0 ? r.url : r.url.slice(0, query),
      status: r.status,
      ms: Math.round(r.ms * 10) / 10,
    },
    'request',
  );
  meter.record(r.method, r.route, r.status, r.ms / 1000);
}

/** Request ids for the log lines, `req-1`, `req-2`… as Fastify's: its genReqId and the shared reads' (one sequence). */
export function requestIds(): () => string {
  let next = 0;
  return () => {
    // Wraps before leaving V8's small integers, as Fastify's own generator does.
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

/** recordRequest for every request of the pipeline, in one hook (each hook is a step of every request). */
export function registerRequestRecord(app: FastifyInstance, meter: RequestMeter): void {
  app.addHook('onResponse', (request, reply, done) => {
    recordRequest(request.log, meter, {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: reply.elapsedTime,
    });
    done();
  });
}
