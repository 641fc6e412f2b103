import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateScaleFiles, writeScaleFolder } from '../scripts/unitemate-scale.ts';
import { mapUnitemate } from '../src/unitemate/mapper.ts';
import { readUnitemateFolder } from '../src/unitemate/reader.ts';

// The generator of npm run bench:import (scripts/unitemate-scale.ts), at a tenth of the model site's size: both
// formats read alike and map without an error, the users table holds the size asked for, the proportions are a
// ladder's, it is deterministic, and every personal value is a generated one. Pure: files in /tmp, no database.

const SIZE = { users: 3000, matches: 440, seed: 3838 };
const folder = mkdtempSync(join(tmpdir(), 'rankmatch-scale-test-'));
writeScaleFolder(folder, SIZE);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the scale generator', () => {
  const plain = readUnitemateFolder(join(folder, 'plain'));
  const dynamo = readUnitemateFolder(join(folder, 'dynamodb'));
  const badgeMap = JSON.parse(readFileSync(join(folder, 'badge-map.json'), 'utf8'));
  const mapped = mapUnitemate(plain.dump, { now: Date.UTC(2025, 11, 20, 12) / 1000, badgeMap });

  it('writes both formats, read alike, mapped without an error', () => {
    expect(plain.errors).toEqual([]);
    expect(dynamo.errors).toEqual([]);
    expect(mapped.errors).toEqual([]);
    for (const table of ['users', 'matches', 'records', 'master'] as const) {
      expect(dynamo.dump[table].length, table).toBe(plain.dump[table].length);
    }
    expect(plain.dump.users).toHaveLength(SIZE.users);
    expect(plain.dump.matches).toHaveLength(SIZE.matches);
    // Two still being played; ten players and their reports in every settled one.
    expect(mapped.rows.matches).toHaveLength(SIZE.matches - 2);
    expect(mapped.rows.matchPlayers).toHaveLength((SIZE.matches - 2) * 10);
    expect(mapped.rows.matchReports.length).toBeGreaterThan((SIZE.matches - 2) * 7);
  });

  it("is drawn in a ladder's proportions", () => {
    const players = mapped.rows.seasonStats.filter((s) => s.seasonId === 'season_7');
    // About one user in eight plays the running season, most a handful of matches, a few many.
    expect(players.length / SIZE.users).toBeGreaterThan(0.08);
    expect(players.length / SIZE.users).toBeLessThan(0.16);
    const counts = players.map((s) => s.matchCount).sort((a, b) => a - b);
    expect(counts[counts.length >> 1]).toBeLessThan(15);
    expect(counts.at(-1)).toBeGreaterThan(40);
    const banned = mapped.rows.users.filter((u) => u.isBanned).length;
    expect(banned).toBeGreaterThan(0);
    expect(banned / SIZE.users).toBeLessThan(0.01);
    // Few own badges (rewards of the top 100 and match counts, a few purchases); past seasons have records.
    expect(new Set(mapped.rows.userBadges.map((b) => b.userId)).size / SIZE.users).toBeLessThan(0.25);
    expect(mapped.rows.seasonRecords.length).toBeGreaterThan(players.length);
  });

  it('is deterministic and holds only generated personal values', () => {
    const again = generateScaleFiles(SIZE);
    const users = again.get('plain/users.json')?.toString('utf8') ?? '';
    expect(users).toBe(readFileSync(join(folder, 'plain/users.json'), 'utf8'));
    const ids = [...users.matchAll(/"user_id": "([^"]+)"/g)].map((m) => m[1] as string);
    expect(ids.filter((id) => !id.startsWith('dummy_user_')).every((id) => /^9000000000000\d{6}$/.test(id))).toBe(true);
    const usernames = [...users.matchAll(/"discord_username": "([^"]*)"/g)].map((m) => m[1] as string);
    expect(usernames.every((u) => /^fixture\.\.\d{3,}$/.test(u))).toBe(true);
    const avatars = [...users.matchAll(/"discord_avatar_url": "([^"]*)"/g)].map((m) => m[1] as string);
    expect(avatars.every((url) => /^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/\d\.png$/.test(url))).toBe(true);
  });
});
