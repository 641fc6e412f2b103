import type { Random } from '@rankmatch/engine';
import { getCharacter } from '@rankmatch/shared';
import { EXPORT_AT, type Item, SEASONS } from './catalogue.ts';
import type { FixtureUser } from './people.ts';

// The running season's matches as Unitemate plays them: ten players in role order per team (handlers/matchmaking.py
// create_match_record), reports from the players (handlers/match_report.py), the judge once 7 reports are in
// (handlers/match_judge.py: the majority rule, pairwise Elo K=16 with +5 for a player's first 20 matches, a record per
// player, violation reports tallied into penalties: 4 of one team or 6 in all), and a few of its old quirks.

export const FIRST_MATCH_ID = 5001;
const MATCH_ROLES = ['TOP', 'MID', 'BOTTOM', 'SUPPORT', 'TANK'];
/** Their roster keys (lower case; mawhip is their Alcremie). */
const PICKS = [
  'pikachu',
  'lucario',
  'blissey',
  'ho-oh',
  'mawhip',
  'snorlax',
  'greninja',
  'cinderace',
  'gardevoir',
  'zeraora',
];
const MOVE_KEYS: Record<string, string> = { 'ho-oh': 'HO_OH', mawhip: 'ALCREMIE' };

export interface FixtureMatch {
  id: number;
  matchedAt: number;
  teamA: Item[];
  teamB: Item[];
  reports: Item[];
  status: 'matched' | 'done';
  finalResult: string | null;
  lobbyId: string;
  hostUserId: string | null;
  /** Written with [user_id, rate] pairs (their oldest format). */
  legacy: boolean;
}

export interface Play {
  matches: FixtureMatch[];
  records: Item[];
}

function snapshot(user: FixtureUser, role: string): Item {
  return {
    role,
    bio: user.bio,
    discord_username: user.discordName,
    best_rate: user.maxRate,
    discord_avatar_url: user.avatar,
    current_badge_2: user.current[1],
    favorite_pokemon: user.favourites,
    user_id: user.id,
    rate: user.rate,
    current_badge: user.current[0],
    trainer_name: user.trainerName,
    twitter_id: user.twitter,
    preferred_roles: user.roles,
  };
}

function moves(r: Random, pick: string): [string, string] {
  const c = getCharacter(MOVE_KEYS[pick] ?? pick);
  if (!c) return ['', ''];
  return [r.chance(0.5) ? c.moves.move_1a : c.moves.move_1b, r.chance(0.5) ? c.moves.move_2a : c.moves.move_2b];
}

/** What a player claims: mostly the truth; a void after a leaver; now and then a void or the wrong winner. */
function claim(r: Random, truth: 'A' | 'B', leaver: string | null): string {
  if (leaver !== null) return r.chance(0.8) ? 'invalid' : `${truth}-win`;
  if (r.chance(0.015)) return 'invalid';
  return r.chance(0.03) ? (truth === 'A' ? 'B-win' : 'A-win') : `${truth}-win`;
}

function reportOf(
  r: Random,
  match: { at: number; ids: string[]; truth: 'A' | 'B'; leaver: string | null },
  id: string,
): Item {
  const late = r.chance(0.02);
  const delay = late ? 4000 + r.int(4000) : Math.max(300, Math.min(5400, 600 + Math.round(r.normal(900, 400))));
  const others = match.ids.filter((x) => x !== id);
  const names = match.leaver !== null && match.leaver !== id ? r.chance(0.75) : r.chance(0.04);
  const named = match.leaver !== null && match.leaver !== id ? match.leaver : (others[r.int(others.length)] as string);
  const pick = PICKS[r.int(PICKS.length)] as string;
  const [move1, move2] = moves(r, pick);
  return {
    result: claim(r, match.truth, match.leaver),
    banned_pokemon: r.chance(0.5) ? (PICKS[r.int(PICKS.length)] as string) : '',
    user_id: id,
    pokemon_move2: move2,
    report_unixtime: match.at + delay,
    pokemon_move1: move1,
    violation_report: names ? named : '',
    picked_pokemon: pick,
  };
}

function teamAverage(team: readonly FixtureUser[], key: 'skill'): number {
  return team.reduce((sum, u) => sum + u[key], 0) / team.length;
}

/** One match between ten players at `at`: teams in role order, the true winner, the reports (`reporters` of them). */
function playMatch(r: Random, id: number, at: number, ten: FixtureUser[], reporting: number): FixtureMatch {
  const [a, b] = [ten.slice(0, 5), ten.slice(5)];
  const pA = 1 / (1 + 10 ** ((teamAverage(b, 'skill') - teamAverage(a, 'skill')) / 400));
  const truth = r.chance(pA) ? 'A' : 'B';
  const ids = ten.map((u) => u.id);
  const leaver = r.chance(0.07) ? (ids[r.int(10)] as string) : null;
  const reporters = ids.filter((_, i) => i < reporting || (reporting >= 7 && r.chance(0.9)));
  const reports = reporters.map((uid) => reportOf(r, { at, ids, truth, leaver }, uid));
  reports.sort((x, y) => (x.report_unixtime as number) - (y.report_unixtime as number));
  return {
    id,
    matchedAt: at,
    teamA: a.map((u, i) => snapshot(u, MATCH_ROLES[i] as string)),
    teamB: b.map((u, i) => snapshot(u, MATCH_ROLES[i] as string)),
    reports,
    status: reporting >= 7 ? 'done' : 'matched',
    finalResult: null,
    lobbyId: String(10_000_000 + r.int(89_999_999)),
    hostUserId: r.chance(0.05) ? '#EVERYONE#' : null,
    legacy: false,
  };
}

/** Their majority: a result needs more votes than the others together; anything else ('win', 'lose') is invalid. */
export function theirResult(results: readonly string[]): string {
  const a = results.filter((x) => x === 'A-win').length;
  const b = results.filter((x) => x === 'B-win').length;
  const i = results.length - a - b;
  if (a > b + i) return 'A-win';
  return b > a + i ? 'B-win' : 'Invalid';
}

function eloDelta(mine: number, theirs: number, won: boolean): number {
  const d = Math.round(16 * (1 - 1 / (10 ** ((theirs - mine) / 400) + 1)));
  return won ? d : -Math.round(16 * (1 - 1 / (10 ** ((mine - theirs) / 400) + 1)));
}

function settle(match: FixtureMatch, byId: ReadonlyMap<string, FixtureUser>, records: Item[]): void {
  match.finalResult = theirResult(match.reports.map((x) => String(x.result)));
  if (match.finalResult === 'Invalid') return;
  const winner = match.finalResult === 'A-win' ? 'A' : 'B';
  for (let i = 0; i < 5; i++) {
    const pa = byId.get(String(match.teamA[i]?.user_id)) as FixtureUser;
    const pb = byId.get(String(match.teamB[i]?.user_id)) as FixtureUser;
    const [ra, rb] = [Number(match.teamA[i]?.rate), Number(match.teamB[i]?.rate)];
    for (const [user, mine, theirs, team] of [
      [pa, ra, rb, 'A'],
      [pb, rb, ra, 'B'],
    ] as const) {
      const won = team === winner;
      const delta = eloDelta(mine, theirs, won) + (user.matches < 20 ? 5 : 0);
      user.rate += delta;
      user.maxRate = Math.max(user.maxRate, user.rate);
      user.matches += 1;
      if (won) user.wins += 1;
      user.lastMatchId = match.id;
      user.lastDelta = delta;
      user.penaltyCorrection = Math.max(user.penaltyCorrection, Math.floor(user.matches / 50));
      const picked = match.reports.find((x) => x.user_id === user.id)?.picked_pokemon;
      records.push({
        user_id: user.id,
        match_id: match.id,
        pokemon: picked ?? 'unknown',
        rate_delta: delta,
        started_date: match.matchedAt,
        winlose: won ? 1 : 0,
      });
    }
  }
}

/** Their violation tally: every name of every report counts; 4 of one team or 6 in all is a penalty. */
function penalise(match: FixtureMatch, byId: ReadonlyMap<string, FixtureUser>): void {
  const teamOf = new Map<string, string>([
    ...match.teamA.map((p) => [String(p.user_id), 'A'] as const),
    ...match.teamB.map((p) => [String(p.user_id), 'B'] as const),
  ]);
  const counts = new Map<string, { same: number; total: number }>();
  for (const report of match.reports) {
    const text = String(report.violation_report ?? report.vioration_report ?? '');
    for (const target of text
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const c = counts.get(target) ?? { same: 0, total: 0 };
      c.total += 1;
      if (teamOf.get(String(report.user_id)) === teamOf.get(target)) c.same += 1;
      counts.set(target, c);
    }
  }
  const at = Math.max(...match.reports.map((x) => Number(x.report_unixtime)));
  for (const [target, c] of counts) {
    const user = byId.get(target);
    if (!user || (c.same < 4 && c.total < 6)) continue;
    user.penaltyCount += 1;
    user.lastPenaltyTime = at;
    const effective = Math.max(0, user.penaltyCount - user.penaltyCorrection);
    user.timeoutUntil = at + effective * 1800;
    user.rate = Math.max(0, user.rate - effective * 4);
  }
}

/**
 * Quirks of real data in the first matches: an old-format match, the legacy field name, several names in one report,
 * a self-report, a report sent twice, an old 'win' result.
 */
function addQuirks(match: FixtureMatch, index: number): void {
  const [first, second, third] = match.reports;
  if (index === 0) match.legacy = true;
  if (index === 1 && first) {
    first.vioration_report = first.violation_report as string;
    delete first.violation_report;
  }
  if (index === 2 && second && third) {
    second.violation_report = `${match.teamB[0]?.user_id},${match.teamB[1]?.user_id}`;
    third.violation_report = third.user_id as string;
  }
  if (index === 3 && first && second) {
    match.reports.push({ ...first, report_unixtime: Number(first.report_unixtime) + 120 });
    second.result = 'win';
  }
}

function shuffled<T>(r: Random, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Who plays the running season, and how ten of them are drawn for a match (free: not in a match in play). */
export interface Players {
  active: (r: Random, users: readonly FixtureUser[]) => FixtureUser[];
  pickTen: (r: Random, active: readonly FixtureUser[]) => FixtureUser[];
}
/** The fixture's: 85 % of the users who are not banned, ten drawn alike. */
const FIXTURE_PLAYERS: Players = {
  active: (r, users) => users.filter((u) => !u.banned && r.chance(0.85)),
  pickTen: (r, active) =>
    shuffled(
      r,
      active.filter((u) => u.assignedMatchId === 0),
    ).slice(0, 10),
};

/** The running season: `count` matches, the last two still being played (3 reports, not judged). */
export function playCurrentSeason(
  r: Random,
  users: FixtureUser[],
  count: number,
  players: Players = FIXTURE_PLAYERS,
): Play {
  const season = SEASONS.find((s) => s.active);
  if (!season) throw new Error('no active season');
  const active = players.active(r, users);
  const byId = new Map(users.map((u) => [u.id, u]));
  const span = EXPORT_AT - 3 * 3600 - season.start;
  const times = Array.from({ length: count }, () => season.start + r.int(span)).sort((x, y) => x - y);
  const play: Play = { matches: [], records: [] };
  for (const [i, at] of times.entries()) {
    const ongoing = i >= count - 2;
    const ten = players.pickTen(r, active);
    const match = playMatch(r, FIRST_MATCH_ID + i, ongoing ? EXPORT_AT - 600 : at, ten, ongoing ? 3 : 7);
    addQuirks(match, i);
    play.matches.push(match);
    if (ongoing) {
      for (const u of ten) u.assignedMatchId = match.id;
      continue;
    }
    settle(match, byId, play.records);
    penalise(match, byId);
  }
  return play;
}
