// Builds the Match record from ten players and a chosen split: roles, first attack, host, spread and gap.
import { ROLES, type Role } from '@rankmatch/shared';
import { isFirstChoice, isPreferredRole, preferenceRank } from './roles.ts';
import type { Match, MatchPlayer, MatchTeam, MatchTeamSide, WaitingEntry } from './types.ts';

// Module-local copy (imported bindings cost a getter call per access under transpilers such as tsx).
const ROLE_LIST: readonly Role[] = ROLES;

export interface TeamsSpec {
  /** Indices into `players` of team A (must contain 0, the anchor) and team B. */
  teamA: readonly number[];
  teamB: readonly number[];
  /** Role index (into ROLES) of each member of teamA / teamB, same order. */
  rolesA: readonly number[];
  rolesB: readonly number[];
}

function toPlayer(entry: WaitingEntry, roleIdx: number, nowUnix: number): MatchPlayer {
  const role = ROLE_LIST[roleIdx]!;
  return {
    user_id: entry.user_id,
    rate: entry.rate,
    role,
    preference_rank: preferenceRank(entry.roles, role),
    preferred: isPreferredRole(entry.roles, role),
    first_choice: isFirstChoice(entry.roles, role),
    wait_seconds: Math.max(0, nowUnix - entry.joined_at),
    waves_missed: entry.waves_missed,
  };
}

function toTeam(
  players: readonly WaitingEntry[],
  members: readonly number[],
  roles: readonly number[],
  now: number,
): MatchTeam {
  const out = members.map((m, j) => toPlayer(players[m]!, roles[j]!, now));
  out.sort((x, y) => ROLE_LIST.indexOf(x.role) - ROLE_LIST.indexOf(y.role));
  let sum = 0;
  for (const p of out) sum += p.rate;
  return { players: out, average_rate: sum / out.length };
}

/**
 * Host rule: the highest-rated player of the first-attack team creates the lobby (ties: the one who has waited
 * longest — earlier joined_at, then more waves missed — then the smaller user_id, so it is deterministic).
 */
function chooseHost(team: readonly MatchPlayer[], players: readonly WaitingEntry[]): string {
  const joinedAt = (userId: string): number => players.find((p) => p.user_id === userId)?.joined_at ?? 0;
  let best = team[0]!;
  for (const p of team) {
    if (p.rate < best.rate) continue;
    if (p.rate === best.rate) {
      const jp = joinedAt(p.user_id);
      const jb = joinedAt(best.user_id);
      if (jp > jb) continue;
      if (
        jp === jb &&
        (p.waves_missed < best.waves_missed || (p.waves_missed === best.waves_missed && p.user_id >= best.user_id))
      ) {
        continue;
      }
    }
    best = p;
  }
  return best.user_id;
}

const uncertainIn = (players: readonly WaitingEntry[], members: readonly number[]): number =>
  members.reduce((n, m) => n + (players[m]?.uncertain ? 1 : 0), 0);

/**
 * `players[0]` is the anchor. `halfWidth` is the anchor's window half-width.
 * First attack: the team with the lower average rate attacks first — a small compensation for being the
 * (slightly) weaker side. Exactly equal averages: team A (the anchor's team, a small bonus for the longest wait).
 */
export function buildMatch(
  players: readonly WaitingEntry[],
  teams: TeamsSpec,
  halfWidth: number,
  nowUnix: number,
): Match {
  const anchor = players[0]!;
  const teamA = toTeam(players, teams.teamA, teams.rolesA, nowUnix);
  const teamB = toTeam(players, teams.teamB, teams.rolesB, nowUnix);
  const firstAttack: MatchTeamSide = teamB.average_rate < teamA.average_rate ? 'B' : 'A';
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const p of players) {
    if (p.rate < min) min = p.rate;
    if (p.rate > max) max = p.rate;
  }
  return {
    anchor_user_id: anchor.user_id,
    window: { min: anchor.rate - halfWidth, max: anchor.rate + halfWidth, half_width: halfWidth },
    team_a: teamA,
    team_b: teamB,
    first_attack: firstAttack,
    host_user_id: chooseHost(firstAttack === 'A' ? teamA.players : teamB.players, players),
    rating_spread: max - min,
    team_gap: Math.abs(teamA.average_rate - teamB.average_rate),
    uncertain_unevenness: Math.abs(uncertainIn(players, teams.teamA) - uncertainIn(players, teams.teamB)),
  };
}
