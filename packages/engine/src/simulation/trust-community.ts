// The community of the trust benchmark (issue 34): honest players who misclick at the rates of the model site's first
// day, liars, colluding pairs and leavers, and the reports each match of theirs gets, with the times they arrive. It
// is not the season simulation (simulateSeason): the trust rules do not depend on ratings or waves, and a benchmark
// of rare events needs many more matches than the matchmaking can play quickly. Pure and deterministic for a seed.
import type { MatchReport, MatchResult, TeamSide } from '../settlement/types.ts';
import { type Random, stream } from './random.ts';

export type TrustKind = 'honest' | 'liar' | 'colluder' | 'leaver';

/** What the real day says about reports (packages/engine/src/simulation/data/unitemate-day1.json). */
export interface DayRates {
  /** Per latest report in a decided match: names the losing team as the winner. */
  wrongWinner: number;
  /** …claims a void. */
  voidClaim: number;
  /** Per latest report in a void match: claims a winner. */
  winnerClaimInVoid: number;
  /** Reports per 5 minutes after the match was made; the last bin holds everything later. */
  delayHistogram5Min: readonly number[];
  /** Share of matches void by rankmatch's rule (the model for matches a leaver broke up). */
  voidShare: number;
}

export interface CommunityOptions {
  seed: number;
  players: number;
  /** Matches in the season, spread evenly over `days`. */
  matches: number;
  days: number;
  rates: DayRates;
  /** Share of players who lie in every match they lose. */
  liarShare: number;
  /** Of a liar's lies, the share that claims a void rather than their own win. */
  liarVoidShare: number;
  /** Colluding pairs, and how many matches each plays together on opposite teams in the season. */
  pairs: number;
  pairMatches: number;
  /** Share of players who often leave or break up matches. */
  leaverShare: number;
  /** Multiplies every misclick rate (1: the day's). */
  misclickScale: number;
  /** A misclick the player corrects with a later report (refused once the match is settled). */
  misclickCorrected: number;
  /** Each player's chance of reporting a match, drawn uniformly from this range. */
  reportRate: [number, number];
  /** Spread (sd of the log) of honest players' misclick rates around the day's mean: some click worse than others. */
  misclickSpread: number;
}

export interface TrustPlayer {
  user_id: string;
  kind: TrustKind;
  /** Relative chance of being in a match (players play very different numbers of matches). */
  activity: number;
  report_rate: number;
  /** Multiplies the day's misclick rates (mean 1 over honest players). */
  misclick: number;
  /** Chance of breaking up a match (it is void), and of misbehaving in one that is played (AFK, trolling). */
  leave: number;
  afk: number;
  /** The partner of a colluder. */
  partner: string | null;
}

/** One simulated match: who played, what really happened, every report in the order it arrived. */
export interface CommunityMatch {
  index: number;
  started_at: number;
  players: { user_id: string; team: TeamSide }[];
  truth: MatchResult;
  /** The colluding pair that played it on opposite teams, if any. */
  pair: [string, string] | null;
  /** Players who really left or misbehaved. */
  offenders: string[];
  /** In order of arrival (a correction follows its misclick). */
  reports: MatchReport[];
}

const ORDINARY_LEAVE = 0.005;
const ORDINARY_AFK = 0.004;
const LEAVER_AFK = 0.08;

/** The players of one season: kinds drawn without replacement, habits drawn per player. */
export function communityPlayers(options: CommunityOptions): TrustPlayer[] {
  const random = stream(options.seed, 'trust-players');
  const n = options.players;
  const order = Array.from({ length: n }, (_, i) => ({ i, key: random.next() })).sort((a, b) => a.key - b.key);
  const kinds: TrustKind[] = new Array<TrustKind>(n).fill('honest');
  const partners = new Map<number, number>();
  let next = 0;
  const take = (): number => (order[next++] as { i: number }).i;
  for (let p = 0; p < options.pairs; p++) {
    const a = take();
    const b = take();
    kinds[a] = 'colluder';
    kinds[b] = 'colluder';
    partners.set(a, b).set(b, a);
  }
  for (let k = 0; k < Math.round(n * options.liarShare); k++) kinds[take()] = 'liar';
  for (let k = 0; k < Math.round(n * options.leaverShare); k++) kinds[take()] = 'leaver';
  const id = (i: number) => `p${String(i + 1).padStart(4, '0')}`;
  // Lognormal with mean 1: exp(N(−s²/2, s)).
  const lognormal = (s: number) => Math.exp(random.normal(-(s * s) / 2, s));
  return kinds.map((kind, i) => {
    const partner = partners.get(i);
    return {
      user_id: id(i),
      kind,
      activity: lognormal(0.6),
      report_rate: options.reportRate[0] + random.next() * (options.reportRate[1] - options.reportRate[0]),
      misclick: kind === 'honest' || kind === 'leaver' ? lognormal(options.misclickSpread) : 1,
      leave: kind === 'leaver' ? 0.1 + random.next() * 0.1 : ORDINARY_LEAVE,
      afk: kind === 'leaver' ? LEAVER_AFK : ORDINARY_AFK,
      partner: partner === undefined ? null : id(partner),
    };
  });
}

/** Delay of a report after the match was made, in seconds: drawn from the day's bins [from, to). */
function delayOf(random: Random, histogram: readonly number[], from: number, to: number): number {
  const bins = histogram.slice(from, to);
  const bin = from + random.weighted(bins);
  // The last bin is "two hours or later": past the window anyway.
  return Math.round((bin * 5 + random.next() * 5) * 60);
}

/** Ten distinct players by activity, a fixed pair first (on opposite teams) when the match is a colluded one. */
function seatsOf(
  random: Random,
  players: readonly TrustPlayer[],
  pair: [string, string] | null,
): { user_id: string; team: TeamSide }[] {
  const chosen = new Set<string>(pair ?? []);
  const weights = players.map((p) => (p.kind === 'colluder' ? p.activity * 0.5 : p.activity));
  while (chosen.size < 10) chosen.add((players[random.weighted(weights)] as TrustPlayer).user_id);
  const ids = [...chosen];
  const rest = ids.slice(pair ? 2 : 0).sort(() => random.next() - 0.5);
  const teamA = pair ? [pair[0], ...rest.slice(0, 4)] : rest.slice(0, 5);
  const teamB = pair ? [pair[1], ...rest.slice(4)] : rest.slice(5);
  return [
    ...teamA.map((user_id) => ({ user_id, team: 'A' as const })),
    ...teamB.map((user_id) => ({ user_id, team: 'B' as const })),
  ];
}

/** The season's matches, in order of start. */
export function communityMatches(options: CommunityOptions, players: readonly TrustPlayer[]): CommunityMatch[] {
  const random = stream(options.seed, 'trust-matches');
  const byId = new Map(players.map((p) => [p.user_id, p]));
  const colluded = new Map<number, [string, string]>();
  for (const p of players) {
    if (p.kind !== 'colluder' || p.partner === null || p.user_id > p.partner) continue;
    for (let k = 0; k < options.pairMatches; k++) {
      let at = random.int(options.matches);
      while (colluded.has(at)) at = (at + 1) % options.matches;
      colluded.set(at, random.chance(0.5) ? [p.user_id, p.partner] : [p.partner, p.user_id]);
    }
  }
  const spacing = (options.days * 86_400) / options.matches;
  const matches: CommunityMatch[] = [];
  for (let index = 0; index < options.matches; index++) {
    const pair = colluded.get(index) ?? null;
    const seats = seatsOf(random, players, pair);
    const started_at = Math.round(index * spacing);
    matches.push(playCommunityMatch({ index, started_at, seats, pair, byId, options, random }));
  }
  return matches;
}

interface MatchInput {
  index: number;
  started_at: number;
  seats: { user_id: string; team: TeamSide }[];
  pair: [string, string] | null;
  byId: Map<string, TrustPlayer>;
  options: CommunityOptions;
  random: Random;
}

/** What happened (a leaver may break the match up) and who reports what, when. */
function playCommunityMatch(input: MatchInput): CommunityMatch {
  const { seats, byId, random } = input;
  const player = (id: string) => byId.get(id) as TrustPlayer;
  const leavers = seats.filter((s) => random.chance(player(s.user_id).leave));
  const culprit = leavers.length > 0 ? (leavers[random.int(leavers.length)] as { user_id: string }).user_id : null;
  const truth: MatchResult = culprit ? 'invalid' : random.chance(0.5) ? 'A-win' : 'B-win';
  const afk = culprit ? [] : seats.filter((s) => random.chance(player(s.user_id).afk)).map((s) => s.user_id);
  const offenders = culprit ? [culprit] : afk;
  const reports: MatchReport[] = [];
  for (const seat of seats) {
    if (seat.user_id === culprit) continue;
    reports.push(...reportsOf(input, seat, truth, offenders));
  }
  const deadline = input.started_at + 3600;
  const sent = reports.filter((r) => r.reported_at < deadline).sort((a, b) => a.reported_at - b.reported_at);
  return {
    index: input.index,
    started_at: input.started_at,
    players: seats,
    truth,
    pair: input.pair,
    offenders,
    reports: sent,
  };
}

/**
 * The share of the day's wrong reports in decided matches left to honest misclicks once the liars' lies are counted
 * (a liar loses about half their matches and lies in each): the simulated day then disagrees as often as the real one.
 */
export function honestMisclickScale(options: Pick<CommunityOptions, 'rates' | 'liarShare'>): number {
  const wrong = options.rates.wrongWinner + options.rates.voidClaim;
  return Math.max(0, 1 - (options.liarShare * 0.5) / wrong);
}

const other = (team: TeamSide): TeamSide => (team === 'A' ? 'B' : 'A');
const winOf = (team: TeamSide): MatchResult => (team === 'A' ? 'A-win' : 'B-win');

/** One player's report (and its correction, if they misclicked and noticed). */
function reportsOf(
  input: MatchInput,
  seat: { user_id: string; team: TeamSide },
  truth: MatchResult,
  offenders: readonly string[],
): MatchReport[] {
  const { options, random } = input;
  const me = input.byId.get(seat.user_id) as TrustPlayer;
  const decided = truth !== 'invalid';
  const lost = decided && truth !== winOf(seat.team);
  const colluding = decided && (input.pair?.includes(seat.user_id) ?? false);
  const lying = me.kind === 'liar' && lost;
  if (!colluding && !lying && !random.chance(me.report_rate)) return [];
  const hist = options.rates.delayHistogram5Min;
  // Void matches are reported within minutes (the day's first three bins), played ones after the game.
  const delay = colluding
    ? Math.round((14 + random.next() * 1.5) * 60)
    : decided
      ? delayOf(random, hist, 3, hist.length)
      : delayOf(random, hist, 0, 3);
  const at = input.started_at + delay;
  const report = (result: MatchResult, reported_at: number): MatchReport => ({
    user_id: seat.user_id,
    team: seat.team,
    result,
    violation_report: namedBy(random, seat, input.seats, truth, offenders),
    reported_at,
  });
  if (colluding) return [report(truth === 'A-win' ? 'B-win' : 'A-win', at)];
  if (lying) return [report(random.chance(options.liarVoidShare) ? 'invalid' : winOf(seat.team), at)];
  const misclick = misclickOf(random, options, me, seat.team, truth);
  if (misclick === null) return [report(truth, at)];
  const first = report(misclick, at);
  if (!random.chance(options.misclickCorrected)) return [first];
  return [first, { ...first, result: truth, reported_at: at + 60 + random.int(540) }];
}

/**
 * A misclick's result, or null. The first report is wrong at the day's rates of latest reports: the day allowed
 * corrections, rankmatch refuses them once the match is settled (most misclicks come after the consensus), so the
 * day's latest reports are the closest measure of what stays wrong here. This keeps the simulated disagreement at
 * the day's; `misclickScale` raises it.
 */
function misclickOf(
  random: Random,
  options: CommunityOptions,
  me: TrustPlayer,
  team: TeamSide,
  truth: MatchResult,
): MatchResult | null {
  const { rates } = options;
  const raise = me.misclick * options.misclickScale;
  if (truth === 'invalid')
    return random.chance(rates.winnerClaimInVoid * raise) ? winOf(random.chance(0.5) ? team : other(team)) : null;
  const scale = honestMisclickScale(options) * raise;
  const u = random.next();
  if (u < rates.wrongWinner * scale) return truth === 'A-win' ? 'B-win' : 'A-win';
  if (u < (rates.wrongWinner + rates.voidClaim) * scale) return 'invalid';
  return null;
}

/**
 * Whom a report names: in a void match nearly everyone names someone (the day: 99.8 %), mostly the one who broke it
 * up (some name themselves or another, as the day's 7.8 % self-reports show); in a played match teammates name a
 * misbehaving player more often than opponents do.
 */
function namedBy(
  random: Random,
  seat: { user_id: string; team: TeamSide },
  seats: readonly { user_id: string; team: TeamSide }[],
  truth: MatchResult,
  offenders: readonly string[],
): string {
  if (truth === 'invalid') {
    if (!random.chance(0.998)) return '';
    const u = random.next();
    if (u < 0.88 && offenders[0]) return offenders[0];
    if (u < 0.95) return seat.user_id;
    return (seats[random.int(seats.length)] as { user_id: string }).user_id;
  }
  let named = '';
  for (const id of offenders) {
    if (id === seat.user_id) continue;
    const sameTeam = seats.find((s) => s.user_id === id)?.team === seat.team;
    if (random.chance(sameTeam ? 0.75 : 0.35)) named = id;
  }
  return named;
}
