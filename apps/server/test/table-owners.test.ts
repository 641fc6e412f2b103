import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';

// One owner per table: each table is written (insert, update, delete, bulk load) only by the folder that owns it;
// every other folder calls the owner's named writes. This reads the source for Drizzle writes (`.insert(users)`),
// SQL text (`update users set`) and upserts (`upsertRows(db, users`), and fails on a write from anywhere else.
// (db/ itself — migrations, backups, the bulk loader — is below every owner.)

const OWNERS: Record<string, string> = {
  users: 'accounts',
  queue_entries: 'queue',
  sessions: 'auth',
  oauth_states: 'auth',
  discord_credentials: 'auth',
  settings: 'settings',
  badges: 'badges',
  user_badges: 'badges',
  orders: 'shop',
  test_payments: 'shop',
  seasons: 'seasons',
  season_stats: 'matches',
  matches: 'matches',
  match_players: 'matches',
  match_reports: 'matches',
  player_mmr: 'matches',
  season_records: 'seasons',
  season_awards: 'seasons',
  user_achievements: 'achievements',
  ranking_snapshots: 'ranking',
  audit_log: 'audit',
  wave_runs: 'waves',
  job_runs: 'jobs',
  stats_snapshots: 'stats',
  stats_folded: 'stats',
  push_subscriptions: 'notifications',
  notification_prefs: 'notifications',
  notification_outbox: 'notifications',
  discord_settings: 'discord',
  evidence: 'trust',
  disputes: 'trust',
  moderation_cases: 'trust',
  warnings: 'trust',
  trust_scan: 'trust',
  suspensions: 'trust',
  ready_checks: 'ready',
  ready_check_players: 'ready',
  rating_refits: 'calibration',
  player_avoids: 'avoids',
};

const src = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Drizzle's variable name of each table (`userBadges`) → its SQL name (`user_badges`). */
const tablesByVariable = new Map(
  Object.entries(schema)
    .filter(([, value]) => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value)
    .map(([name, table]) => [name, getTableConfig(table as PgTable).name]),
);

/** The tables a file writes, each with the line that does. */
function writesOf(text: string): { table: string; line: number }[] {
  const found: { table: string; line: number }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = tablesByVariable.get(m[1] as string);
    if (table) found.push({ table, line: lineOf(m.index) });
  }
  for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from|truncate)\s+"?(\w+)"?/gi)) {
    const table = m[1] as string;
    if (table in OWNERS) found.push({ table, line: lineOf(m.index) });
  }
  for (const m of text.matchAll(/upsertRows\(\s*\w+,\s*(\w+)\b/g)) {
    const table = tablesByVariable.get(m[1] as string);
    if (table) found.push({ table, line: lineOf(m.index) });
  }
  for (const m of text.matchAll(/bulkInsert\(\s*\w+,\s*'(\w+)'/g))
    found.push({ table: m[1] as string, line: lineOf(m.index) });
  return found;
}

describe('table owners', () => {
  it('knows every table', () => {
    expect([...tablesByVariable.values()].sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it('has each table written only by its owner', () => {
    const strays: string[] = [];
    for (const file of sourceFiles(src)) {
      const folder = relative(src, file).split('/')[0] as string;
      if (folder === 'db' || !file.slice(src.length + 1).includes('/')) continue;
      for (const { table, line } of writesOf(readFileSync(file, 'utf8'))) {
        if (OWNERS[table] !== folder)
          strays.push(`${relative(src, file)}:${line} writes ${table} (owner: ${OWNERS[table]}/)`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('sees a stray write (the check can fail)', () => {
    expect(writesOf('await tx.update(users).set({ isBanned: true })')).toEqual([{ table: 'users', line: 1 }]);
    expect(writesOf('sql`update season_stats set rate = 1`')).toEqual([{ table: 'season_stats', line: 1 }]);
    expect(writesOf("await bulkInsert(db, 'wave_runs', {})")).toEqual([{ table: 'wave_runs', line: 1 }]);
  });
});
