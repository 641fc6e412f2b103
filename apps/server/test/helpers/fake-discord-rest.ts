import type { IncomingMessage } from 'node:http';

// The parts of Discord's REST API the Discord channel and the bot's direct messages use, as FakeDiscord (the OAuth
// fake) serves them under the same `/api` base: execute webhook, create DM, create message. It records every call,
// answers like Discord does (204 for a webhook without ?wait, 404 Unknown Webhook, 401 for a wrong token, 403 for a
// player who does not take DMs) and, on demand, 429 with Discord's headers and JSON body, a 5xx, or a slow answer.

export interface RecordedRestCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export interface FakeReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface RateLimitPlan {
  /** Seconds Discord asks to wait (Retry-After, X-RateLimit-Reset-After, retry_after). */
  retryAfter: number;
  global: boolean;
}

export class FakeDiscordRest {
  /** The bot token the fake accepts (`Authorization: Bot <token>`). */
  botToken = 'fake-bot-token-0123456789abcdefghijklmnop';
  /** Every REST call, in order. */
  readonly calls: RecordedRestCall[] = [];
  /** Webhook id → token of the webhooks that exist. */
  readonly webhooks = new Map<string, string>();
  /** Discord user ids who do not accept DMs from the bot (50007). */
  readonly closedDms = new Set<string>();
  /** Statuses the next calls answer with instead (e.g. 500), one per call. */
  private failures: number[] = [];
  private rateLimits: RateLimitPlan[] = [];
  /** Every answer waits this long first (a slow Discord). */
  delayMs = 0;
  private nextId = 1_300_000_000_000_000_000n;
  /** Calls answered with success. */
  private readonly answered = new Set<RecordedRestCall>();

  /** Creates a webhook and returns its URL as Discord shows it (discord.com, whatever the fake's address). */
  createWebhook(id = '1234567890123456789', token = `tok_${'x'.repeat(60)}`): string {
    this.webhooks.set(id, token);
    return `https://discord.com/api/webhooks/${id}/${token}`;
  }

  /** The next `count` calls answer 429, asking to wait `retryAfter` seconds. */
  rateLimitNext(retryAfter: number, { count = 1, global = false } = {}): void {
    for (let i = 0; i < count; i++) this.rateLimits.push({ retryAfter, global });
  }

  /** The next `count` calls answer with `status` (a 5xx). */
  failNext(status: number, count = 1): void {
    for (let i = 0; i < count; i++) this.failures.push(status);
  }

  reset(): void {
    this.calls.length = 0;
    this.webhooks.clear();
    this.closedDms.clear();
    this.failures = [];
    this.rateLimits = [];
    this.delayMs = 0;
  }

  /** The messages posted to a webhook, in order. */
  webhookMessages(): { content: string; allowed_mentions: unknown }[] {
    return this.calls
      .filter((c) => c.method === 'POST' && /^\/api(?:\/v\d+)?\/webhooks\//.test(c.path) && this.answered.has(c))
      .map((c) => c.body as { content: string; allowed_mentions: unknown });
  }

  /** The direct messages delivered: recipient (from the DM channel) and content. */
  directMessages(): { recipient: string; content: string }[] {
    return this.calls
      .filter((c) => /\/channels\/dm-\d+\/messages$/.test(c.path) && this.answered.has(c))
      .map((c) => ({
        recipient: /dm-(\d+)/.exec(c.path)?.[1] ?? '',
        content: (c.body as { content: string }).content,
      }));
  }

  /** Answers a REST call under /api (with or without a /v10 prefix), or null when the path is not one of these. */
  async handle(req: IncomingMessage, url: URL, rawBody: string): Promise<FakeReply | null> {
    const path = url.pathname.replace(/^\/api\/v\d+\//, '/api/');
    const route =
      /^\/api\/webhooks\/(\d+)\/([^/]+)$/.exec(path) ??
      /^\/api\/users\/@me\/channels$/.exec(path) ??
      /^\/api\/channels\/([^/]+)\/messages$/.exec(path);
    if (!route || req.method !== 'POST') return null;
    const call: RecordedRestCall = {
      method: req.method,
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
      body: rawBody ? JSON.parse(rawBody) : null,
    };
    this.calls.push(call);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));

    const limit = this.rateLimits.shift();
    if (limit) return rateLimited(limit);
    const failure = this.failures.shift();
    if (failure) return json(failure, { message: 'Internal Server Error', code: 0 });

    const reply = this.answer(path, route, call);
    if (reply.status < 300) this.answered.add(call);
    return reply;
  }

  private answer(path: string, route: RegExpExecArray, call: RecordedRestCall): FakeReply {
    if (path.startsWith('/api/webhooks/')) {
      const [, id, token] = route;
      const known = this.webhooks.get(id ?? '');
      if (known === undefined) return json(404, { message: 'Unknown Webhook', code: 10015 });
      if (known !== token) return json(401, { message: 'Invalid Webhook Token', code: 50027 });
      return { status: 204, headers: bucketHeaders(), body: '' };
    }
    if (call.authorization !== `Bot ${this.botToken}`) return json(401, { message: '401: Unauthorized', code: 0 });
    const body = call.body as { recipient_id?: string; content?: string };
    if (path === '/api/users/@me/channels') {
      return json(200, { id: `dm-${body.recipient_id}`, type: 1, recipients: [{ id: body.recipient_id }] });
    }
    const recipient = /^dm-(\d+)$/.exec(route[1] ?? '')?.[1];
    if (!recipient) return json(404, { message: 'Unknown Channel', code: 10003 });
    if (this.closedDms.has(recipient)) {
      return json(403, { message: 'Cannot send messages to this user', code: 50007 });
    }
    this.nextId += 1n;
    return json(200, { id: String(this.nextId), channel_id: route[1], content: body.content });
  }
}

const json = (status: number, value: unknown): FakeReply => ({
  status,
  headers: { 'content-type': 'application/json', ...bucketHeaders() },
  body: JSON.stringify(value),
});

/** A bucket with room left, as on Discord's successful answers. */
const bucketHeaders = (): Record<string, string> => ({
  'x-ratelimit-limit': '5',
  'x-ratelimit-remaining': '4',
  'x-ratelimit-reset': String(Date.now() / 1000 + 2),
  'x-ratelimit-reset-after': '2',
  'x-ratelimit-bucket': 'fakebucket',
});

/** Discord's 429: Retry-After and X-RateLimit-* headers, and { message, retry_after, global } (and a code when global). */
function rateLimited(plan: RateLimitPlan): FakeReply {
  const seconds = String(plan.retryAfter);
  return {
    status: 429,
    headers: {
      'content-type': 'application/json',
      'retry-after': seconds,
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Date.now() / 1000 + plan.retryAfter),
      'x-ratelimit-reset-after': seconds,
      'x-ratelimit-bucket': 'fakebucket',
      'x-ratelimit-scope': plan.global ? 'global' : 'user',
      ...(plan.global && { 'x-ratelimit-global': 'true' }),
    },
    body: JSON.stringify({
      message: 'You are being rate limited.',
      retry_after: plan.retryAfter,
      global: plan.global,
      ...(plan.global && { code: 0 }),
    }),
  };
}
