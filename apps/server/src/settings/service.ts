import { SETTING_DEFAULTS, SETTING_IDS, type SettingId, type Settings } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Executor } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import { type UpsertCount, upsertRows } from '../db/upsert.ts';
import type { Work } from '../events/unit.ts';

/** All settings, defaults filled in for ids never saved. */
export async function readSettings(db: Executor): Promise<Settings> {
  const rows = await db.select().from(settings);
  const values = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    if ((SETTING_IDS as readonly string[]).includes(row.id)) values[row.id as SettingId] = row.value;
  }
  return {
    rules_content: values.rules_content,
    announcement_content: values.announcement_content,
    lobby_create_timeout: Number(values.lobby_create_timeout),
    lobby_join_timeout: Number(values.lobby_join_timeout),
    ready_check_seconds: Number(values.ready_check_seconds),
  };
}

/** Saves one validated setting and records the change (settings.changed: the Discord channel's announcement). */
export async function writeSetting(
  { tx, emit }: Work,
  input: { id: SettingId; value: string; actorId: string; now: number },
): Promise<void> {
  const [before] = await tx.select().from(settings).where(eq(settings.id, input.id)).for('update');
  const row = { id: input.id, value: input.value, updatedAt: input.now, updatedBy: input.actorId };
  await tx.insert(settings).values(row).onConflictDoUpdate({ target: settings.id, set: row });
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'settings.update',
    targetType: 'setting',
    targetId: input.id,
    before: { value: before?.value ?? SETTING_DEFAULTS[input.id] },
    after: { value: input.value },
    now: input.now,
  });
  emit({ type: 'settings.changed', id: input.id });
}

/** Settings moved in from another site (unitemate/import.ts); the time of the first import stays on a rerun. */
export function upsertImportedSettings(
  db: Executor,
  rows: readonly (typeof settings.$inferInsert)[],
): Promise<UpsertCount> {
  return upsertRows(db, settings, rows, { key: [settings.id], keep: ['updatedAt'] });
}
