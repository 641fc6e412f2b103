import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getBadge, seasonAwardMapSchema } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ROOT } from '../scripts/unitemate-fixtures.ts';
import { mapUnitemate } from '../src/unitemate/mapper.ts';
import { importedSigma } from '../src/unitemate/mmr.ts';
import { readUnitemateFolder } from '../src/unitemate/reader.ts';
import type { MatchRow } from '../src/unitemate/rows.ts';
import { emptyDump, type Row } from '../src/unitemate/rows-parse.ts';

// The Unitemate mapper (issue 38): their rows → rankmatch's rows, what it leaves out and why, and what stops an
// import. Pure: maps the committed fixtures in memory, writes nothing.

const now = Date.UTC(2025, 11, 20, 12) / 1000;
const badgeMap: Record<string, string | null> = JSON.parse(readFileSync(join(FIXTURE_ROOT, 'badge-map.json'), 'utf8'));
const read = readUnitemateFolder(join(FIXTURE_ROOT, 'plain'));
const dump = read.dump;
const mapped = mapUnitemate(dump, { now, badgeMap });
const rows = mapped.rows;

const theirMatch = (predicate: (m: MatchRow) => boolean) => dump.matches.find((m) => predicate(m.data))?.data;
const skippedFor = (table: string) => mapped.skipped.filter((s) => s.table === table);

describe('mapping the fixture community', () => {
  it('maps it with no error, the same from either export format', () => {
    expect(mapped.errors).toEqual([]);
    const fromDynamo = mapUnitemate(readUnitemateFolder(join(FIXTURE_ROOT, 'dynamodb')).dump, { now, badgeMap });
    expect(fromDynamo.rows).toEqual(rows);
    expect(mapUnitemate(dump, { now, badgeMap })).toEqual(mapped);
  });

  it('brings every user, keyed by their Discord id, with the sign-in identity that finds them', () => {
    expect(rows.users).toHaveLength(120);
    const player = rows.users.find((u) => u.id === dump.users[0]?.data.user_id);
    expect(player?.authSub).toBe(`discord|${player?.id}`);
    const dummies = rows.users.filter((u) => u.isDummy);
    expect(dummies.map((u) => [u.id, u.authSub])).toEqual([
      ['dummy_user_11', 'dummy|dummy_user_11'],
      ['dummy_user_12', 'dummy|dummy_user_12'],
    ]);
    expect(rows.users.filter((u) => u.isAdmin)).toHaveLength(1);
    expect(rows.users.filter((u) => u.isBanned)).toHaveLength(1);
  });

  it('reads profile fields by the site’s own rules', () => {
    const legacy = dump.users.find((u) => u.data.app_username)?.data;
    expect(rows.users.find((u) => u.id === legacy?.user_id)?.trainerName).toBe(legacy?.app_username);
    const at = dump.users.find((u) => u.data.twitter_id?.startsWith('@'))?.data;
    expect(rows.users.find((u) => u.id === at?.user_id)?.twitterId).toBe(at?.twitter_id?.slice(1));
    const long = rows.users.find((u) => mapped.warnings.some((w) => w.key === u.id && w.message.includes('200文字')));
    expect([...(long?.bio ?? '')]).toHaveLength(200);
    const favourites = rows.users.flatMap((u) => u.favoritePokemon);
    expect(favourites).toEqual(expect.arrayContaining(['HO_OH', 'ALCREMIE', 'GALARIAN_RAPIDASH']));
    expect(favourites.every((id) => id === id.toUpperCase() && !id.includes('-'))).toBe(true);
  });

  it('rebuilds an account the users table lost from its matches’ snapshot', () => {
    const known = new Set(dump.users.map((u) => u.data.user_id));
    const lost = dump.matches.flatMap((m) => [...m.data.team_a, ...m.data.team_b]).find((p) => !known.has(p.user_id));
    const user = rows.users.find((u) => u.id === lost?.user_id);
    expect(user?.trainerName).toBe(lost?.trainer_name);
    expect(mapped.warnings).toContainEqual(expect.objectContaining({ key: lost?.user_id, table: 'users' }));
    expect(rows.seasonStats.find((s) => s.userId === lost?.user_id)?.matchCount).toBeGreaterThan(0);
  });
});

describe('matches and players', () => {
  it('brings the settled matches and leaves the two in play', () => {
    expect(rows.matches).toHaveLength(238);
    expect(skippedFor('matches').map((s) => s.reason)).toEqual([
      '試合が終わっていません（status: matched）',
      '試合が終わっていません（status: matched）',
    ]);
    expect(rows.matches.every((m) => m.seasonId === 'season_7' && m.status === 'done')).toBe(true);
    expect(rows.matchPlayers).toHaveLength(2380);
  });

  it('maps their results: A-win and B-win to the winner, Invalid to a void match', () => {
    const invalid = theirMatch((m) => m.final_result === 'Invalid');
    const won = theirMatch((m) => m.final_result === 'B-win');
    expect(rows.matches.find((m) => m.id === invalid?.match_id)?.winner).toBeNull();
    expect(rows.matches.find((m) => m.id === won?.match_id)?.winner).toBe('B');
    const voidPlayers = rows.matchPlayers.filter((p) => p.matchId === invalid?.match_id);
    expect(voidPlayers.every((p) => p.rateDelta === 0 && p.rateAfter === p.rateBefore)).toBe(true);
  });

  it('maps roles, slots and the rate changes of the records', () => {
    const match = dump.matches.find((m) => m.data.final_result === 'A-win' && m.data.team_a[0]?.role)?.data;
    const players = rows.matchPlayers.filter((p) => p.matchId === match?.match_id);
    expect(players.map((p) => p.role)).toEqual([
      ...['TOP_LANE', 'MIDDLE', 'BOTTOM_LANE', 'SUPPORT', 'TANK'],
      ...['TOP_LANE', 'MIDDLE', 'BOTTOM_LANE', 'SUPPORT', 'TANK'],
    ]);
    const first = match?.team_a[0];
    const record = dump.records.find((r) => r.data.match_id === match?.match_id && r.data.user_id === first?.user_id);
    expect(players[0]).toMatchObject({
      userId: first?.user_id,
      team: 'A',
      slot: 0,
      rateBefore: first?.rate,
      rateDelta: record?.data.rate_delta,
      rateAfter: (first?.rate ?? 0) + (record?.data.rate_delta ?? 0),
      isOpen: false,
    });
  });

  it('reads their oldest match format (players as [user_id, rate]) with roles by slot', () => {
    const first = rows.matchPlayers.filter((p) => p.matchId === 5001);
    expect(first.map((p) => p.role).slice(0, 5)).toEqual(['TOP_LANE', 'MIDDLE', 'BOTTOM_LANE', 'SUPPORT', 'TANK']);
  });

  it('gives a lobby anyone may enter (#EVERYONE#) the first attack team’s highest rate as host', () => {
    const everyone = theirMatch((m) => m.host_user_id === '#EVERYONE#' && m.status === 'done');
    const match = rows.matches.find((m) => m.id === everyone?.match_id);
    const team = match?.firstAttack === 'A' ? everyone?.team_a : everyone?.team_b;
    const highest = Math.max(...(team ?? []).map((p) => p.rate));
    expect(team?.find((p) => p.user_id === match?.hostUserId)?.rate).toBe(highest);
  });
});

describe('reports and results', () => {
  it('keeps one report per player, one named violator, and their character ids in ours', () => {
    const duplicate = skippedFor('matches.user_reports');
    expect(duplicate).toMatchObject([{ reason: '同じ報告者の後の報告に置き換えられた報告です' }]);
    const reports = rows.matchReports;
    expect(new Set(reports.map((r) => `${r.matchId}#${r.userId}`)).size).toBe(reports.length);
    expect(reports.every((r) => !r.violationReport.includes(',') && r.violationReport !== r.userId)).toBe(true);
    expect(reports.every((r) => ['A-win', 'B-win', 'invalid'].includes(r.result))).toBe(true);
    expect(reports.some((r) => r.pickedPokemon === 'ALCREMIE')).toBe(true);
    const legacyWin = mapped.warnings.find((w) => w.message.startsWith('旧形式の結果 win'));
    expect(legacyWin?.message).toMatch(/チーム ([AB]) から見た \1-win/);
  });

  it('says how each match settled by rankmatch’s rule, and who crossed the penalty threshold', () => {
    const reasons = new Set(rows.matches.map((m) => m.settleReason));
    expect([...reasons].sort()).toEqual(['consensus', 'deadline_majority']);
    expect(rows.matches.some((m) => m.penaltyUserIds.length > 0)).toBe(true);
  });

  it('keeps their stored result, and says when the reports’ majority disagrees (their old Invalid-count bug)', () => {
    const source = dump.matches.find((m) => m.data.final_result === 'A-win' && m.data.team_a[0]?.role) as Row<MatchRow>;
    const only = emptyDump();
    only.matches.push({ ...source, data: { ...source.data, final_result: 'B-win' } });
    const result = mapUnitemate(only, { now, badgeMap });
    expect(result.rows.matches[0]?.winner).toBe('B');
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        key: String(source.data.match_id),
        message: expect.stringContaining('報告の多数決 A-win'),
      }),
    );
    expect(mapped.warnings.filter((w) => w.message.includes('報告の多数決'))).toHaveLength(0);
  });

  it('lists the record whose match is gone', () => {
    expect(skippedFor('records')).toMatchObject([
      { key: expect.stringMatching(/#5000$/), reason: '対応する試合（または試合の参加者）が持ち込まれていません' },
    ]);
  });
});

describe('seasons, records and rewards', () => {
  it('brings the seasons, closes the ended ones and keeps season 7 running', () => {
    expect(rows.seasons.map((s) => [s.id, s.isActive, s.endedAt !== null])).toEqual([
      ['season_5', false, true],
      ['season_6', false, true],
      ['season_7', true, false],
    ]);
  });

  it('reads each ended season’s reward map back from its records', () => {
    const s5 = rows.seasons.find((s) => s.id === 'season_5')?.awards;
    expect(seasonAwardMapSchema.safeParse(s5).success).toBe(true);
    expect(s5).toMatchObject({ rank_1: 'badge_021', top_100: 'badge_025', gold_licence: 'badge_073' });
    expect(s5?.matches).toEqual({ '100': 'badge_054', '200': 'badge_055' });
  });

  it('writes a record for each player who played, with rank and awards', () => {
    expect(rows.seasonRecords.every((r) => r.totalMatches > 0)).toBe(true);
    expect(skippedFor('users.past_seasons').every((s) => s.reason === '試合のないシーズンの記録です')).toBe(true);
    const first = rows.seasonRecords.find((r) => r.seasonId === 'season_6' && r.finalRank === 1);
    expect(rows.seasonAwards).toContainEqual({
      seasonId: 'season_6',
      userId: first?.userId,
      tier: 'rank_1',
      badgeId: 'badge_026',
    });
    const gold = rows.seasonAwards.filter((a) => a.tier === 'gold_licence');
    const goldRecords = rows.seasonRecords.filter((r) =>
      gold.some((g) => g.userId === r.userId && g.seasonId === r.seasonId),
    );
    expect(goldRecords.every((r) => r.effectivePenalty === 0 && r.totalMatches >= 50)).toBe(true);
    expect(rows.seasonRecords.some((r) => r.effectivePenalty === 1)).toBe(true);
  });

  it('puts this season’s numbers in the running season, and an MMR for everyone who played', () => {
    const player = dump.users.find((u) => u.data.match_count > 30)?.data;
    expect(rows.seasonStats.find((s) => s.userId === player?.user_id)).toMatchObject({
      seasonId: 'season_7',
      rate: player?.rate,
      matchCount: player?.match_count,
      winCount: player?.win_count,
    });
    const mmr = rows.playerMmr.find((m) => m.userId === player?.user_id);
    expect(mmr?.mu).toBe(player?.rate);
    expect(mmr?.sigma).toBeLessThan(importedSigma(0));
    expect(importedSigma(300)).toBeLessThan(importedSigma(30));
  });
});

describe('badges, settings and sales', () => {
  it('maps owned badges through the badge map, with the origin the data shows', () => {
    const sources = new Set(rows.userBadges.map((b) => b.source));
    expect([...sources].sort()).toEqual(['admin', 'purchase', 'season']);
    expect(rows.userBadges.every((b) => getBadge(b.badgeId) !== undefined)).toBe(true);
    const purchase = rows.userBadges.find((b) => b.source === 'purchase');
    expect(purchase?.reference).toMatch(/^unitemate:badge_2\d\d$/);
    expect(rows.userBadges.filter((b) => b.source === 'season').every((b) => b.reference?.startsWith('season_'))).toBe(
      true,
    );
    expect(mapped.warnings.filter((w) => w.message.includes('持ち込まない勲章'))).not.toHaveLength(0);
  });

  it('keeps equipped badges to ones the player owns, never the same twice', () => {
    for (const user of rows.users) {
      const owned = new Set(rows.userBadges.filter((b) => b.userId === user.id).map((b) => b.badgeId));
      for (const slot of [user.currentBadge, user.currentBadge2]) if (slot !== null) expect(owned.has(slot)).toBe(true);
      if (user.currentBadge !== null) expect(user.currentBadge2).not.toBe(user.currentBadge);
    }
  });

  it('carries the shop’s sales counts onto the mapped catalogue badges', () => {
    const theirs = dump.master.find((m) => m.data.kind === 'BADGE' && m.data.id === 'badge_226')?.data;
    expect(theirs?.kind === 'BADGE' && theirs.current_sales).toBeGreaterThan(0);
    expect(rows.badges.find((b) => b.id === 'badge_103')?.currentSales).toBe(
      theirs?.kind === 'BADGE' ? theirs.current_sales : -1,
    );
  });

  it('maps the settings rankmatch has, as text, and skips the others', () => {
    expect(rows.settings.map((s) => [s.id, s.value])).toEqual([
      ['announcement_content', 'シーズン7が始まりました。'],
      ['lobby_create_timeout', '150'],
      ['lobby_join_timeout', '250'],
      ['rules_content', '# ルール\n\n- 暴言は禁止です\n- 試合後は結果を報告してください'],
    ]);
    expect(skippedFor('master_data').map((s) => s.key)).toEqual(
      expect.arrayContaining(['SETTING#maintenance_message', 'POKEMON#PIKACHU', 'ROLE#TOP_LANE', 'BADGE#badge_230']),
    );
  });
});

describe('what stops an import', () => {
  it('a badge the map does not know, at its file and line', () => {
    const bad = readUnitemateFolder(join(FIXTURE_ROOT, 'bad/unknown-badge'));
    const result = mapUnitemate(bad.dump, { now, badgeMap });
    const second = bad.dump.users[1]?.source;
    expect(result.errors).toEqual([
      {
        code: 'unknown_badge',
        file: 'users.json',
        line: second?.line,
        message: '勲章 badge_999 が勲章の対応表にありません',
      },
    ]);
  });

  it('their own badge ids without a map (their catalogue is not ours)', () => {
    const result = mapUnitemate(dump, { now });
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors.every((e) => e.code === 'unknown_badge')).toBe(true);
    expect(result.errors[0]?.message).toContain('rankmatch の勲章カタログにありません');
  });

  it('two active seasons', () => {
    const bad = readUnitemateFolder(join(FIXTURE_ROOT, 'bad/two-active-seasons'));
    const result = mapUnitemate(bad.dump, { now, badgeMap });
    const [, second, third] = bad.dump.master.map((m) => m.source.line);
    expect(result.errors).toMatchObject([
      { code: 'conflicting_seasons', file: 'master-data.json', line: second },
      { code: 'conflicting_seasons', file: 'master-data.json', line: third },
    ]);
  });
});

describe('a matches-only export (like backend/export_matches_*.json)', () => {
  it('places the matches in one season spanning them and builds the players from the snapshots', () => {
    const only = emptyDump();
    only.matches.push(...(dump.matches.slice(1, 6) as Row<MatchRow>[]));
    const result = mapUnitemate(only, { now, badgeMap, matchIdOffset: 1000 });
    expect(result.errors).toEqual([]);
    expect(result.rows.seasons).toMatchObject([{ id: 'unitemate', isActive: false }]);
    expect(result.rows.matches.map((m) => m.id)).toEqual([6002, 6003, 6004, 6005, 6006]);
    expect(result.rows.users.length).toBeGreaterThanOrEqual(10);
    expect(result.rows.seasonStats.every((s) => s.seasonId === 'unitemate')).toBe(true);
  });
});
