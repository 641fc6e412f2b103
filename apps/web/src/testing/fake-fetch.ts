// A fake `fetch` for component tests: small handlers keyed by "METHOD /path" answer with JSON Responses, and every
// call is recorded. The server is a third party from the browser's point of view, so tests mock it at this level.

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
  authorization: string | null;
  /** The request's Content-Type (a screenshot upload names the image's type). */
  contentType: string | null;
  /** A body sent as bytes (a Blob: a screenshot), else null. */
  rawBody: Blob | null;
}

export type HandlerResult = { status?: number; body?: unknown } | Response;
export type Handler = (call: RecordedCall) => HandlerResult | Promise<HandlerResult>;
export type Handlers = Record<string, Handler | HandlerResult>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
  /** Calls of one route ("GET /api/users/me"). */
  callsTo(route: string): RecordedCall[];
  /** Replaces or adds handlers while a test runs. */
  use(handlers: Handlers): void;
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function createFakeFetch(initial: Handlers = {}): FakeFetch {
  const handlers: Handlers = { ...initial };
  const calls: RecordedCall[] = [];

  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
      contentType: headers.get('content-type'),
      rawBody: init.body instanceof Blob ? init.body : null,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler === undefined) {
      return json({ error: `no test handler for ${method} ${url.pathname}`, code: 'ROUTE_NOT_FOUND' }, 404);
    }
    const result = typeof handler === 'function' ? await handler(call) : handler;
    if (result instanceof Response) return result;
    return json(result.body ?? null, result.status ?? 200);
  };

  return {
    fetch: fakeFetch as typeof fetch,
    calls,
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
    use: (more) => Object.assign(handlers, more),
  };
}
