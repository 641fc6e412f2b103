import { DiscordAPIError, HTTPError, type RateLimitData, RateLimitError, REST } from '@discordjs/rest';
import { z } from 'zod';
import { findUser } from '../accounts/queries.ts';
import type { Executor } from '../db/client.ts';
import type { Delivery, Sender, SendResult } from '../notifications/outbox.ts';
import { readDiscordSettings, webhookOf } from './settings.ts';

// The outbox's two Discord channels, on discord.js's REST client (@discordjs/rest): it keeps Discord's rate-limit
// buckets (X-RateLimit-* headers, the global limit) and waits out a 429's retry-after. A short wait is left to the
// client; a longer one is handed back to the outbox as retryAfterSeconds (rejectOnRateLimit), so no worker is held.
// Every call goes to `${DISCORD_API_BASE}/…` (the tests' local fake, else https://discord.com/api/v10): the webhook's
// own URL is only the place its id and token are read from, so the server never calls a host an admin typed in.
// Neither the bot token nor the webhook's token reaches a log: errors are described by status and Discord's code.

/** Rate-limit waits up to this long are waited out by the client; longer ones go back to the outbox. */
export const CLIENT_WAIT_MAX_MS = 1000;
/** One HTTP call's timeout, and the most a whole send (including short rate-limit waits) may take. */
const REQUEST_TIMEOUT_MS = 8000;
const SEND_TIMEOUT_MS = 15_000;

/**
 * What a discord_channel or discord_dm row carries: the message, at most Discord's 2,000 characters; a DM may name its
 * recipient's Discord id (else it is read from the player's account when sent).
 */
export const discordPayloadSchema = z.object({
  content: z.string().min(1).max(2000),
  recipient_id: z
    .string()
    .regex(/^\d{15,25}$/)
    .optional(),
});
export type DiscordPayload = z.infer<typeof discordPayloadSchema>;

/** Nobody is pinged, whatever the text holds (@everyone, a role or a user mention). */
const NO_MENTIONS = { parse: [] as string[] };

/** A REST client for one base URL: `api` is DISCORD_API_BASE itself (its version included), routes unversioned. */
export function discordRest(apiBase: string, token?: string): REST {
  const rest = new REST({
    api: apiBase,
    timeout: REQUEST_TIMEOUT_MS,
    // A 5xx or a timeout is tried again by the outbox, with its back-off.
    retries: 0,
    rejectOnRateLimit: (limit: RateLimitData) => limit.retryAfter > CLIENT_WAIT_MAX_MS,
  });
  if (token) rest.setToken(token);
  return rest;
}

const call = { versioned: false } as const;

/** A failed call as a send result: what to do with the row, and a description without any URL or token. */
export function resultOfError(err: unknown): SendResult & { ok: false } {
  if (err instanceof RateLimitError) {
    return {
      ok: false,
      error: `Discord rate limit (${err.global ? 'global' : err.scope}), retry after ${err.retryAfter} ms`,
      retryAfterSeconds: Math.max(1, Math.ceil(err.retryAfter / 1000)),
    };
  }
  if (err instanceof DiscordAPIError) {
    const described = `Discord ${err.status} (code ${err.code})`;
    // 4xx: the webhook was deleted (404 Unknown Webhook), its token or the bot's is refused (401), the player does not
    // accept DMs from the bot (403, 50007): trying again cannot help.
    if (err.status >= 400 && err.status < 500) return { ok: false, error: described, gone: true };
    return { ok: false, error: described };
  }
  if (err instanceof HTTPError) return { ok: false, error: `Discord ${err.status}` };
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code ?? (err.cause as NodeJS.ErrnoException | undefined)?.code;
    return { ok: false, error: `Discord unreachable (${err.name}${code ? ` ${code}` : ''})` };
  }
  return { ok: false, error: 'Discord unreachable' };
}

const payloadOf = (delivery: Delivery): DiscordPayload | null => {
  const parsed = discordPayloadSchema.safeParse(delivery.payload);
  return parsed.success ? parsed.data : null;
};

const UNUSABLE: SendResult = { ok: false, error: 'payload is not a Discord message', gone: true };

/**
 * The community channel: executes the stored webhook (read at send time, so a replaced or removed URL counts at
 * once). No webhook, or the row's kind switched off since it was queued: nothing to send to.
 */
export class DiscordChannelSender implements Sender {
  readonly channel = 'discord_channel' as const;
  private readonly rest: REST;

  constructor(
    private readonly db: Executor,
    apiBase: string,
  ) {
    this.rest = discordRest(apiBase);
  }

  async send(delivery: Delivery): Promise<SendResult> {
    const payload = payloadOf(delivery);
    if (!payload) return UNUSABLE;
    const settings = await readDiscordSettings(this.db);
    const webhook = settings.webhookUrl ? webhookOf(settings.webhookUrl) : null;
    if (!webhook) return { ok: false, error: 'no webhook URL set', gone: true };
    const kind = delivery.target as keyof typeof settings.kinds;
    if (settings.kinds[kind] === false) return { ok: false, error: `${kind} announcements are off`, gone: true };
    try {
      await this.rest.post(`/webhooks/${webhook.id}/${webhook.token}`, {
        ...call,
        auth: false,
        body: { content: payload.content, allowed_mentions: NO_MENTIONS },
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      return { ok: true };
    } catch (err) {
      return resultOfError(err);
    }
  }

  close(): void {
    this.rest.clearHashSweeper();
    this.rest.clearHandlerSweeper();
  }
}

/** A Discord-signed-in player's Discord id (users.auth_sub `discord|<id>`), or null. */
export const discordIdOf = (authSub: string): string | null => /^discord\|(\d{15,25})$/.exec(authSub)?.[1] ?? null;

/**
 * Direct messages from the bot (DISCORD_BOT_TOKEN) to a player who opted in: the target is the user id, the payload
 * `{ content, recipient_id? }` (the Discord id, else users.auth_sub `discord|<id>` is read now); the DM channel is opened (POST /users/@me/channels, which returns the existing one) and the message posted to it. Without a
 * bot token, or for a player who did not sign in with Discord, there is nobody to send to.
 */
export class DiscordDmSender implements Sender {
  readonly channel = 'discord_dm' as const;
  private readonly rest: REST | null;

  constructor(
    private readonly db: Executor,
    apiBase: string,
    private readonly token: string | undefined,
  ) {
    this.rest = token ? discordRest(apiBase, token) : null;
  }

  async send(delivery: Delivery): Promise<SendResult> {
    if (!this.rest || !this.token) return { ok: false, error: 'no bot token (DISCORD_BOT_TOKEN)', gone: true };
    // The client forgets its token after a 401: set again, so a token fixed on Discord's side works without a restart.
    this.rest.setToken(this.token);
    const payload = payloadOf(delivery);
    if (!payload) return UNUSABLE;
    const recipient = payload.recipient_id ?? (await this.discordIdOfUser(delivery.target));
    if (!recipient) return { ok: false, error: 'not a Discord account', gone: true };
    const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
    try {
      const dm = (await this.rest.post('/users/@me/channels', {
        ...call,
        body: { recipient_id: recipient },
        signal,
      })) as {
        id?: unknown;
      };
      if (typeof dm?.id !== 'string') return { ok: false, error: 'Discord answered without a DM channel' };
      await this.rest.post(`/channels/${dm.id}/messages`, {
        ...call,
        body: { content: payload.content, allowed_mentions: NO_MENTIONS },
        signal,
      });
      return { ok: true };
    } catch (err) {
      return resultOfError(err);
    }
  }

  private async discordIdOfUser(userId: string): Promise<string | null> {
    const user = await findUser(this.db, userId);
    return user ? discordIdOf(user.authSub) : null;
  }

  close(): void {
    this.rest?.clearHashSweeper();
    this.rest?.clearHandlerSweeper();
  }
}
