// What the simulated players do, apart from any clock: when they come to play (sessions), and what happens in a
// match they are put in (the draft, the game decided by hidden skill, who misbehaves, who reports what and when).
// simulateSeason plays these through the engine's own rules; the rehearsal plays them against the real server.
// Pure and deterministic for the random streams given.
import { banAssignments, type Role } from '@rankmatch/shared';
import { isMatchingOpen } from '../hours/schedule.ts';
import type { MatchingHoursConfig } from '../hours/types.ts';
import { expectedScore } from '../rating/elo.ts';
import type { MatchResult, TeamSide } from '../settlement/types.ts';
import type { SeasonMeta } from './meta.ts';
import type { SimPlayer } from './population.ts';
import type { Random } from './random.ts';

const DAY = 86_400;
/** A match: lobby, draft and up to 10 minutes of play. */
const MATCH_MINUTES = { min: 13, max: 20 };
/** The chance that a match is never played (nobody opens the lobby, or it breaks up): everyone should report invalid. */
const NOT_PLAYED_CHANCE = 0.025;
const FIRST_ATTACK_EDGE = 10;
/** What a misbehaving player costs their team, in rating points per player. */
const MISBEHAVIOUR_COST = 150;

export interface PlannedSession {
  /** When the player arrives (unix seconds). */
  time: number;
  player: SimPlayer;
  /** When the player stops queueing. */
  end: number;
}

/**
 * Sessions over [start, stop): a chance per player and local day (higher at weekends, which also start earlier),
 * around the player's peak hour, inside the hours; the length is 0.5–1.5 times the player's mean (at most 6 hours).
 * In order of time.
 */
export function planSessions(
  players: readonly SimPlayer[],
  start: number,
  stop: number,
  hours: MatchingHoursConfig,
  random: Random,
): PlannedSession[] {
  const offset = hours.utcOffsetMinutes * 60;
  const sessions: PlannedSession[] = [];
  const firstDay = Math.floor((start + offset) / DAY);
  const lastDay = Math.floor((stop + offset) / DAY);
  for (let day = firstDay; day <= lastDay; day++) {
    for (const p of players) {
      const weekend = [0, 6].includes((((day + 4) % 7) + 7) % 7);
      if (!random.chance(Math.min(0.98, p.activity * (weekend ? 1.3 : 1)))) continue;
      const hour = Math.min(27.5, Math.max(0, random.normal(p.peak_hour - (weekend ? 2 : 0), weekend ? 2.5 : 1.2)));
      const time = day * DAY - offset + Math.round(hour * 3600);
      if (time < start || time >= stop || !isMatchingOpen(time, hours)) continue;
      const length = Math.min(6, p.session_hours * (0.5 + random.next()));
      sessions.push({ time, player: p, end: time + Math.round(length * 3600) });
    }
  }
  return sessions.sort((a, b) => a.time - b.time);
}

/** A player's seat in a match, as the matchmaking (or the server) made it. */
export interface Seat {
  user_id: string;
  team: TeamSide;
  role: Role;
  rate: number;
}

/** A report a player sends, and when. */
export interface PlayedReport {
  user_id: string;
  team: TeamSide;
  result: MatchResult;
  banned_pokemon: string;
  picked_pokemon: string;
  pokemon_move1: string;
  pokemon_move2: string;
  violation_report: string;
  reported_at: number;
}

export interface SimulatedGame {
  /** The room number the host sets. */
  lobby_id: string;
  /** Whether the game took place (otherwise everyone who reports says invalid). */
  played: boolean;
  /** What really happened. */
  outcome: MatchResult;
  /** Team A's chance of winning from hidden skill, characters, first attack and misbehaviour. */
  true_a: number;
  /** When the game ended (unix seconds). */
  ends_at: number;
  /** The players who misbehaved (and the one who broke up an unplayed match). */
  misbehaved: string[];
  /** The reports, in seat order (players who do not report have none). */
  reports: PlayedReport[];
  /** When each player is done with the match (after their report, if any) and may queue again. */
  done_at: Map<string, number>;
}

export interface PlayMatchInput {
  /** Team A's players, then team B's, each team in the matchmaking's order. */
  seats: readonly Seat[];
  first_attack: TeamSide;
  player: (userId: string) => SimPlayer;
  meta: SeasonMeta;
  started_at: number;
  /** The report deadline: nobody reports after it. */
  deadline: number;
  /** `match` draws the lobby, the draft and the game; `reports` who reports what. */
  random: { match: Random; reports: Random };
}

/** One match from the lobby to the last report; see the file comment. */
export function playMatch(input: PlayMatchInput): SimulatedGame {
  const r = input.random.match;
  const lobbyId = String(10_000_000 + r.int(89_999_999));
  const draft = playDraft(input);
  const game = playGame(input, draft.picks);
  const { reports, doneAt } = reportAll(input, draft, game);
  return {
    lobby_id: lobbyId,
    played: game.played,
    outcome: game.outcome,
    true_a: game.trueA,
    ends_at: game.end,
    misbehaved: game.culprit ? [game.culprit.user_id, ...game.misbehaved] : [...game.misbehaved],
    reports,
    done_at: doneAt,
  };
}

interface Draft {
  /** Who banned what. */
  banned: Map<string, string>;
  /** Who picked what. */
  picks: Map<string, string>;
}

interface Game {
  played: boolean;
  /** The player who made the match unplayable, if it was not played. */
  culprit: Seat | null;
  misbehaved: Set<string>;
  trueA: number;
  outcome: MatchResult;
  end: number;
}

const teamOf = (seats: readonly Seat[], side: TeamSide) => seats.filter((s) => s.team === side);

/** The draft: three bans per team by its 3rd–5th rated players (banAssignments), then a pick per player. */
function playDraft(input: PlayMatchInput): Draft {
  const { seats, meta, player } = input;
  const r = input.random.match;
  const banned = new Map<string, string>();
  const bannedIds = new Set<string>();
  for (const side of ['A', 'B'] as const) {
    for (const userId of banAssignments(teamOf(seats, side)).keys()) {
      const options = meta.banWeights.filter((c) => !bannedIds.has(c.id));
      const choice = options[r.weighted(options.map((c) => c.weight))] as { id: string };
      banned.set(userId, choice.id);
      bannedIds.add(choice.id);
    }
  }
  const picks = new Map<string, string>();
  for (const side of ['A', 'B'] as const) {
    const taken = new Set<string>();
    for (const p of teamOf(seats, side)) {
      const usable = (c: { id: string }) => !bannedIds.has(c.id) && !taken.has(c.id);
      const own = player(p.user_id).pools[p.role].filter(usable);
      const options = own.length > 0 && r.chance(0.85) ? own : meta.lanes[p.role].filter(usable);
      const choice = options[r.weighted(options.map((c) => c.weight))] as { id: string };
      picks.set(p.user_id, choice.id);
      taken.add(choice.id);
    }
  }
  return { banned, picks };
}

/** The game: hidden skill, the characters' strength, the first attack, and whoever misbehaved. */
function playGame(input: PlayMatchInput, picks: Map<string, string>): Game {
  const { seats, meta, player } = input;
  const r = input.random.match;
  const played = !r.chance(NOT_PLAYED_CHANCE);
  const culprit = played
    ? null
    : (seats[
        r.weighted(
          seats.map((s) => (player(s.user_id).max_matches !== null ? 0 : player(s.user_id).violation * 100 + 1)),
        )
      ] as Seat);
  const misbehaved = new Set(
    played ? seats.filter((s) => r.chance(player(s.user_id).violation)).map((s) => s.user_id) : [],
  );
  const power = (side: TeamSide) => {
    const team = teamOf(seats, side);
    let total = 0;
    for (const p of team) {
      total += player(p.user_id).skill + (meta.byId.get(picks.get(p.user_id) as string)?.strength ?? 0);
      if (misbehaved.has(p.user_id)) total -= MISBEHAVIOUR_COST * team.length;
    }
    return total / team.length + (input.first_attack === side ? FIRST_ATTACK_EDGE : 0);
  };
  const trueA = expectedScore(power('A'), power('B'));
  const outcome: MatchResult = !played ? 'invalid' : r.chance(trueA) ? 'A-win' : 'B-win';
  const end = input.started_at + 60 * (MATCH_MINUTES.min + r.int(MATCH_MINUTES.max - MATCH_MINUTES.min + 1));
  return { played, culprit, misbehaved, trueA, outcome, end };
}

/** The reports: most players report after the game; liars claim the win; players name who misbehaved. */
function reportAll(
  input: PlayMatchInput,
  draft: Draft,
  game: Game,
): { reports: PlayedReport[]; doneAt: Map<string, number> } {
  const { seats } = input;
  const q = input.random.reports;
  const reports: PlayedReport[] = [];
  const doneAt = new Map<string, number>();
  for (const seat of seats) {
    const me = input.player(seat.user_id);
    let leaveAt = game.end + 30 + q.int(90);
    if (game.culprit?.user_id !== seat.user_id && q.chance(me.liar ? 0.95 : me.report_rate)) {
      const report = reportOf(input, draft, game, seat);
      reports.push(report);
      leaveAt = Math.max(leaveAt, report.reported_at + 20);
    }
    doneAt.set(seat.user_id, leaveAt);
  }
  return { reports, doneAt };
}

/** One player's report: when, what result, the draft as they played it, and whom they name. */
function reportOf(input: PlayMatchInput, draft: Draft, game: Game, seat: Seat): PlayedReport {
  const { seats, meta } = input;
  const q = input.random.reports;
  const { user_id: userId, team } = seat;
  const me = input.player(userId);
  const at = Math.min(input.deadline - 1, game.end + 20 + Math.round(-Math.log(1 - q.next()) * 150));
  const opponents = seats.filter((s) => s.team !== team);
  let named = '';
  if (game.culprit) named = game.culprit.user_id;
  else {
    for (const id of game.misbehaved) {
      if (id === userId) continue;
      const sameTeam = seats.find((s) => s.user_id === id)?.team === team;
      if (q.chance(sameTeam ? 0.75 : 0.35)) named = id;
    }
    const innocent = opponents[q.int(opponents.length)];
    if (named === '' && me.liar && innocent && q.chance(0.15)) named = innocent.user_id;
  }
  const picked = game.played ? (draft.picks.get(userId) as string) : '';
  const moves = picked ? meta.byId.get(picked)?.character.moves : undefined;
  const result: MatchResult = !game.played ? 'invalid' : me.liar ? (team === 'A' ? 'A-win' : 'B-win') : game.outcome;
  return {
    user_id: userId,
    team,
    result,
    banned_pokemon: draft.banned.get(userId) ?? '',
    picked_pokemon: picked,
    pokemon_move1: moves ? (q.chance(0.5) ? moves.move_1a : moves.move_1b) : '',
    pokemon_move2: moves ? (q.chance(0.5) ? moves.move_2a : moves.move_2b) : '',
    violation_report: named,
    reported_at: at,
  };
}
