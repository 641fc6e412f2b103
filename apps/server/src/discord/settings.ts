import {
  DISCORD_ANNOUNCE_KINDS,
  DISCORD_WEBHOOK_URL_PATTERN,
  type DiscordAnnounceKind,
  type DiscordSettingsUpdate,
} from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Executor } from '../db/client.ts';
import { discordSettings } from '../db/schema.ts';

// The community channel's settings (the one row of discord_settings, which this module owns): the webhook URL an
// admin stored and the kinds of announcement that are switched on. The URL is a secret (anyone holding it can post to
// the channel): it leaves the server only masked, in replies and in the audit log alike.

export type AnnounceKinds = Record<DiscordAnnounceKind, boolean>;

export interface DiscordChannelSettings {
  /** The full webhook URL, or null when none is set. */
  webhookUrl: string | null;
  kinds: AnnounceKinds;
}

const ROW_ID = 1;

/** Nothing stored yet: every kind on, no URL (nothing is announced until an admin sets one). */
export const DEFAULT_ANNOUNCE_KINDS: AnnounceKinds = Object.fromEntries(
  DISCORD_ANNOUNCE_KINDS.map((k) => [k, true]),
) as AnnounceKinds;

/** The webhook's id and token, or null for a URL that is not a Discord webhook. */
export function webhookOf(url: string): { id: string; token: string } | null {
  const match = DISCORD_WEBHOOK_URL_PATTERN.exec(url);
  return match?.[1] && match[2] ? { id: match[1], token: match[2] } : null;
}

/** `https://discord.com/api/webhooks/<id>/abcd••••`: the id (not a secret) and the token's first four characters. */
export function maskWebhookUrl(url: string): string {
  const webhook = webhookOf(url);
  if (!webhook) return '••••';
  const prefix = url.slice(0, url.indexOf('/webhooks/'));
  return `${prefix}/webhooks/${webhook.id}/${webhook.token.slice(0, 4)}••••`;
}

/** Stored kinds over the defaults (a kind added later starts on). */
function kindsOf(stored: Partial<AnnounceKinds> | null | undefined): AnnounceKinds {
  const kinds = { ...DEFAULT_ANNOUNCE_KINDS };
  for (const kind of DISCORD_ANNOUNCE_KINDS) {
    if (typeof stored?.[kind] === 'boolean') kinds[kind] = stored[kind];
  }
  return kinds;
}

export async function readDiscordSettings(db: Executor): Promise<DiscordChannelSettings> {
  const [row] = await db.select().from(discordSettings).where(eq(discordSettings.id, ROW_ID));
  return { webhookUrl: row?.webhookUrl ? row.webhookUrl : null, kinds: kindsOf(row?.kinds) };
}

/** What the audit log keeps of the settings: the URL masked. */
const audited = (s: DiscordChannelSettings) => ({
  webhook_url: s.webhookUrl ? maskWebhookUrl(s.webhookUrl) : null,
  kinds: s.kinds,
});

/**
 * An admin's change (validated by discordSettingsUpdateSchema): the URL replaced, removed ('') or kept (omitted), the
 * kinds replaced. Written with its audit row in one transaction; a save that changes nothing writes nothing.
 */
export async function writeDiscordSettings(
  db: Executor,
  update: DiscordSettingsUpdate,
  actor: { actorId: string; now: number },
): Promise<DiscordChannelSettings> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(discordSettings).where(eq(discordSettings.id, ROW_ID)).for('update');
    const before: DiscordChannelSettings = {
      webhookUrl: locked?.webhookUrl ? locked.webhookUrl : null,
      kinds: kindsOf(locked?.kinds),
    };
    const after: DiscordChannelSettings = {
      webhookUrl: update.webhook_url === undefined ? before.webhookUrl : update.webhook_url || null,
      kinds: kindsOf(update.kinds),
    };
    const changed =
      !locked ||
      after.webhookUrl !== before.webhookUrl ||
      DISCORD_ANNOUNCE_KINDS.some((k) => after.kinds[k] !== before.kinds[k]);
    if (!changed) return before;
    const row = {
      id: ROW_ID,
      webhookUrl: after.webhookUrl ?? '',
      kinds: after.kinds,
      updatedAt: actor.now,
      updatedBy: actor.actorId,
    };
    await tx.insert(discordSettings).values(row).onConflictDoUpdate({ target: discordSettings.id, set: row });
    await recordAudit(tx, {
      actorId: actor.actorId,
      action: 'discord.settings',
      targetType: 'discord_settings',
      targetId: String(ROW_ID),
      before: audited(before),
      // The masks of two URLs of one webhook may look alike: say whether the URL itself changed.
      after: { ...audited(after), webhook_url_changed: after.webhookUrl !== before.webhookUrl },
      now: actor.now,
    });
    return after;
  });
}
