import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A small local stand-in for Stripe's checkout-session API, for the real SDK to talk to (STRIPE_API_BASE):
// POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}. Tests move sessions (pay, expire) and sign webhook
// events with the same scheme Stripe uses.

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  mode: string;
}

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly requests: { method: string; path: string; params: URLSearchParams; idempotencyKey: string | null }[] = [];
  private readonly byIdempotencyKey = new Map<string, FakeSession>();
  /** Answer every API call with this status (a provider outage), when set. */
  failWith: number | null = null;
  private server: Server | null = null;
  readonly secretKey = 'sk_test_fake_0123456789';
  readonly webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  private readonly signer = new Stripe('sk_test_signer', { telemetry: false });

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no fake session ${id}`);
    return session;
  }

  pay(id: string): FakeSession {
    const session = this.session(id);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_fake_${randomBytes(8).toString('hex')}`;
    return session;
  }

  expire(id: string): FakeSession {
    const session = this.session(id);
    session.status = 'expired';
    return session;
  }

  /** A signed webhook delivery: body and Stripe-Signature header (optionally signed at another time or with another secret). */
  event(type: string, object: object, options: { timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(10).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });
    return { payload, signature };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = new URLSearchParams(Buffer.concat(chunks).toString());
    const path = (req.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method: req.method ?? '', path, params, idempotencyKey });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.failWith) return send(this.failWith, { error: { type: 'api_error', message: 'fake outage' } });
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const known = idempotencyKey ? this.byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(200, known);
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of params) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
        currency: params.get('line_items[0][price_data][currency]') ?? '',
        expires_at: Number(params.get('expires_at')),
        client_reference_id: params.get('client_reference_id'),
        metadata,
        success_url: params.get('success_url') ?? '',
        cancel_url: params.get('cancel_url') ?? '',
        mode: params.get('mode') ?? '',
      };
      this.sessions.set(id, session);
      if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, session);
      return send(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve?.[1]) {
      const session = this.sessions.get(retrieve[1]);
      if (!session) {
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
        });
      }
      return send(200, session);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  }
}
