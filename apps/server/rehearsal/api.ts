import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

// The rehearsal's HTTP client: what a browser would send, spread over the instances as a load balancer would, with
// every answer counted by status. A 5xx is recorded with its path and body (each one is a bug).

export interface Reply<T> {
  status: number;
  body: T;
  /** Real milliseconds from sending to the whole answer. */
  ms: number;
  /** Real epoch ms when the answer arrived. */
  at: number;
  /** The answer's headers (a redirect's location, a cookie). */
  headers: IncomingHttpHeaders;
}

export interface ServerError {
  method: string;
  path: string;
  status: number;
  body: string;
  at: number;
}

export class Api {
  private turn = 0;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  readonly statuses = new Map<number, number>();
  readonly serverErrors: ServerError[] = [];
  /** Requests that got no answer at all (connection refused or reset). */
  readonly failures: { method: string; path: string; error: string }[] = [];
  requests = 0;

  constructor(readonly bases: readonly string[]) {}

  /** The instance a client sticks to (its socket's), by index. */
  baseOf(index: number): string {
    return this.bases[index % this.bases.length] as string;
  }

  /** Sends a request to the next instance in turn (a load balancer's round robin). */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: {
      token?: string | null;
      body?: unknown;
      base?: string;
      image?: { type: string; bytes: Buffer };
      /** A browser's cookie header. */
      cookie?: string;
    } = {},
  ): Promise<Reply<T>> {
    const base = options.base ?? (this.bases[this.turn++ % this.bases.length] as string);
    const url = new URL(path, base);
    const payload =
      options.image?.bytes ?? (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
    const type = options.image?.type ?? 'application/json';
    const started = Date.now();
    this.requests += 1;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            ...(payload ? { 'content-type': type, 'content-length': payload.length } : {}),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(options.cookie ? { cookie: options.cookie } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const at = Date.now();
            const status = res.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString();
            this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
            if (status >= 500) this.serverErrors.push({ method, path, status, body: text.slice(0, 500), at });
            let body: unknown = null;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              body = text;
            }
            resolve({ status, body: body as T, ms: at - started, at, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', (err) => {
        this.failures.push({ method, path, error: err.message });
        reject(err);
      });
      if (payload) req.write(payload);
      req.end();
    });
  }

  /** The count of answers in a status class ('5' for 5xx). */
  countClass(first: string): number {
    let n = 0;
    for (const [status, count] of this.statuses) if (String(status).startsWith(first)) n += count;
    return n;
  }

  close(): void {
    this.agent.destroy();
  }
}
