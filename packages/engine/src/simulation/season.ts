// One simulated season, played through the engine's own rules: players arrive in the matching hours and queue, every
// wave runs runWave, the ten pick and ban, the match is decided by hidden skill, the players report (a few lie or name
// a violator), settle() closes the match as the server would, rateMatch moves the ratings (the displayed rate and the
// MMR, which the waves match on), and at the report window's end tallyViolations and penaltyStateAfterMatch apply the
// penalties (whose timeouts keep players out of the queue). Pure and deterministic: the same options give the same
// season. `legacy_elo` plays the site's rule before the MMR instead (for the rating benchmark's comparison). `alerts`
// adds the queue alert: after each wave the engine's nearAlertTargets picks whom to alert, and some of them come.
import { MATCH_SIZE, type Role } from '@rankmatch/shared';
import { nearAlertTargets } from '../alerts/near.ts';
import { resolveMatchingHoursConfig } from '../hours/config.ts';
import { nextWaveUnix } from '../hours/schedule.ts';
import type { MatchingHoursConfig } from '../hours/types.ts';
import { LEGACY_MATCHMAKING_WINDOW, resolveMatchmakingConfig, windowHalfWidth } from '../matchmaking/config.ts';
import { computeWaveMetrics } from '../matchmaking/metrics.ts';
import type { Match, MatchmakingConfig, WaitingEntry, WaveMetrics } from '../matchmaking/types.ts';
import { runWave } from '../matchmaking/wave.ts';
import { penaltyStateAfterMatch } from '../penalty/lifecycle.ts';
import type { PenaltyConfig, PenaltyState } from '../penalty/types.ts';
import { tallyViolations } from '../penalty/violations.ts';
import { queueIneligibility } from '../queue/eligibility.ts';
import { resolveRatingConfig } from '../rating/config.ts';
import { expectedScore, LEGACY_ELO, rateMatchElo, updateMaxRate } from '../rating/elo.ts';
import { rateMatch } from '../rating/match.ts';
import { mmrForSeason, mmrWinProbability } from '../rating/mmr.ts';
import type { Mmr, MmrState, RatingConfig } from '../rating/types.ts';
import { resolveSettlementConfig } from '../settlement/config.ts';
import { reportDeadline, settle } from '../settlement/decide.ts';
import type { MatchResult, SettlementConfig, SettlementReason, TeamSide } from '../settlement/types.ts';
import { alertChoices, answerAlert, type SimAlert, type SimAlertChoice, type SimAlertModel } from './alerts.ts';
import { planSessions, playMatch } from './behaviour.ts';
import type { SeasonMeta } from './meta.ts';
import type { SimPlayer } from './population.ts';
import { type Random, stream } from './random.ts';

export interface SimRules {
  rating?: Partial<RatingConfig>;
  settlement?: Partial<SettlementConfig>;
  penalty?: Partial<PenaltyConfig>;
  hours?: Partial<MatchingHoursConfig>;
  matchmaking?: Partial<MatchmakingConfig>;
}

export interface SeasonSimulationOptions {
  seed: number;
  season_id: string;
  /** Waves run at the wave times in [start, stopWaves); matches in flight then play out and settle. */
  start: number;
  stop_waves: number;
  players: readonly SimPlayer[];
  meta: SeasonMeta;
  /** Penalty states at the season's start (absent: clean). */
  penalties?: ReadonlyMap<string, PenaltyState>;
  /** MMRs carried from earlier seasons (absent: a newcomer's, from the start rate). */
  mmr?: ReadonlyMap<string, MmrState>;
  /**
   * The site's rule before the MMR: Elo against the opposing team's average (K 40, 10–50) and matchmaking on it in
   * a window of ±200, +50 per missed wave (rules.matchmaking may still override it).
   */
  legacy_elo?: boolean;
  /** The queue alert model (absent: no alerts, and the season is exactly what it was before alerts existed). */
  alerts?: SimAlertModel;
  rules?: SimRules;
  first_match_id?: number;
  first_wave_id?: number;
}

export interface SimMatchPlayer {
  user_id: string;
  team: TeamSide;
  slot: number;
  role: Role;
  /** The displayed rate before the match. */
  rate_before: number;
  wait_seconds: number;
  rate_after: number;
  rate_delta: number;
  /** The MMR the match was rated from, and after it (the same for a void match, and under legacy_elo). */
  mmr_before: Mmr;
  mmr_after: Mmr;
}

export interface SimReport {
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

export interface SimMatch {
  id: number;
  wave_id: number;
  season_id: string;
  matched_at: number;
  lobby_id: string;
  host_user_id: string;
  first_attack: TeamSide;
  team_gap: number;
  rating_spread: number;
  winner: TeamSide | null;
  settled_at: number;
  settle_reason: SettlementReason;
  penalty_user_ids: string[];
  players: SimMatchPlayer[];
  reports: SimReport[];
}

export interface SimWave {
  id: number;
  ran_at: number;
  metrics: WaveMetrics;
}

export interface SimSeasonStats {
  rate: number;
  max_rate: number;
  max_rate_at: number;
  match_count: number;
  win_count: number;
}

/** One rated match as the ratings saw it before: for the prediction figures. */
export interface SimPrediction {
  /** Team A's chance as the matchmaking rating saw it (the MMR's; under legacy_elo the Elo expectation). */
  expected_a: number;
  /** What the hidden skills gave team A. */
  true_a: number;
  a_won: boolean;
}

export interface SeasonSimulation {
  season_id: string;
  matches: SimMatch[];
  /** Waves that had at least one player waiting. */
  waves: SimWave[];
  /** Season numbers of every player with a rated match. */
  stats: Map<string, SimSeasonStats>;
  /** Penalty states when the season's last report window closed. */
  penalties: Map<string, PenaltyState>;
  /** Every player's MMR at the end (carried ones included, as they came in when the player did not play). */
  mmr: Map<string, MmrState>;
  predictions: SimPrediction[];
  next_match_id: number;
  next_wave_id: number;
  /** With `alerts`: every alert sent, in order. */
  alerts?: SimAlert[];
}

/** A player who waits longer than this for their match to settle ends the session. */
const SETTLE_PATIENCE = 15 * 60;
const CLEAN: PenaltyState = {
  penalty_count: 0,
  penalty_correction: 0,
  matches_since_penalty: 0,
  penalty_timeout_until: null,
  last_penalty_at: null,
};

type Event =
  | { time: number; seq: number; kind: 'report'; match: Live; report: SimReport }
  | { time: number; seq: number; kind: 'deadline'; match: Live }
  | { time: number; seq: number; kind: 'free'; player: State; match: Live }
  | { time: number; seq: number; kind: 'answer'; player: State; alert: SimAlert; session: number };

type NewEvent = Event extends infer E ? (E extends Event ? Omit<E, 'seq'> : never) : never;

interface Live {
  record: SimMatch;
  startedAt: number;
  /** Hidden outcome for the prediction figures. */
  trueA: number;
  expectedA: number;
  open: boolean;
  /** Players done with the match who wait for it to settle before queueing again. */
  waiting: { player: State; since: number }[];
}

interface State {
  player: SimPlayer;
  stats: SimSeasonStats | null;
  mmr: MmrState | null;
  penalty: PenaltyState;
  status: 'idle' | 'queued' | 'playing';
  entry: WaitingEntry | null;
  /** When the current session ends: no queueing after it. */
  sessionEnd: number;
  /** With alerts: the player's choices (null: not opted in), the last alert, and whether an alert began the session. */
  alert: SimAlertChoice | null;
  lastAlertedAt: number | null;
  alertSession: boolean;
}

/** A binary heap of events by time, then insertion order. */
class Events {
  private readonly heap: Event[] = [];
  private seq = 0;
  get size(): number {
    return this.heap.length;
  }
  peek(): Event | undefined {
    return this.heap[0];
  }
  push(event: NewEvent): void {
    const e = { ...event, seq: this.seq++ } as Event;
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i] as Event, h[parent] as Event)) break;
      [h[i], h[parent]] = [h[parent] as Event, h[i] as Event];
      i = parent;
    }
  }
  pop(): Event | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l] as Event, h[m] as Event)) m = l;
        if (r < h.length && before(h[r] as Event, h[m] as Event)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m] as Event, h[i] as Event];
        i = m;
      }
    }
    return top;
  }
}

const before = (a: Event, b: Event): boolean => a.time < b.time || (a.time === b.time && a.seq < b.seq);

/** Simulates one season; see the file comment. */
export function simulateSeason(options: SeasonSimulationOptions): SeasonSimulation {
  return new SeasonRun(options).play();
}

/** One season's run: the players' states, the events of the matches in play, and what was played. */
class SeasonRun {
  private readonly rules: SimRules;
  private readonly hours: ReturnType<typeof resolveMatchingHoursConfig>;
  private readonly settlement: ReturnType<typeof resolveSettlementConfig>;
  private readonly ratingRules: ReturnType<typeof resolveRatingConfig>;
  private readonly seasonId: string;
  /** `legacy_elo`: the site's rule before the MMR. */
  private readonly legacy: boolean;
  private readonly random: { sessions: Random; match: Random; reports: Random };
  private readonly states: State[];
  private readonly byId: Map<string, State>;
  private readonly events = new Events();
  private readonly matches: SimMatch[] = [];
  private readonly waves: SimWave[] = [];
  private readonly predictions: SimPrediction[] = [];
  private readonly alertLog: SimAlert[] = [];
  private readonly alertRandom: Random;
  private nextMatchId: number;
  private nextWaveId: number;

  constructor(private readonly options: SeasonSimulationOptions) {
    this.rules = options.rules ?? {};
    this.hours = resolveMatchingHoursConfig(this.rules.hours);
    this.settlement = resolveSettlementConfig(this.rules.settlement);
    this.ratingRules = resolveRatingConfig(this.rules.rating);
    this.seasonId = options.season_id;
    this.legacy = options.legacy_elo === true;
    this.random = {
      sessions: stream(options.seed, `sessions:${this.seasonId}`),
      match: stream(options.seed, `matches:${this.seasonId}`),
      reports: stream(options.seed, `reports:${this.seasonId}`),
    };
    this.alertRandom = stream(options.seed, `alerts:${this.seasonId}`);
    const choices = options.alerts ? alertChoices(options.players, options.alerts, options.seed) : null;
    this.states = options.players.map(
      (player): State => ({
        player,
        stats: null,
        mmr: options.mmr?.get(player.user_id) ?? null,
        penalty: options.penalties?.get(player.user_id) ?? CLEAN,
        status: 'idle',
        entry: null,
        sessionEnd: 0,
        alert: choices?.get(player.user_id) ?? null,
        lastAlertedAt: null,
        alertSession: false,
      }),
    );
    this.byId = new Map(this.states.map((s) => [s.player.user_id, s]));
    this.nextMatchId = options.first_match_id ?? 1;
    this.nextWaveId = options.first_wave_id ?? 1;
  }

  /** Every wave of the season in order, the events between them, then the season's numbers. */
  play(): SeasonSimulation {
    const { options, hours } = this;
    const sessions = planSessions(options.players, options.start, options.stop_waves, hours, this.random.sessions).map(
      (session) => ({ ...session, state: this.state(session.player.user_id) }),
    );
    let s = 0;
    for (let now = nextWaveUnix(options.start - 1, hours); now < options.stop_waves; now = nextWaveUnix(now, hours)) {
      this.drainUntil(now);
      for (let session = sessions[s]; session && session.time <= now; session = sessions[++s]) {
        const state = session.state;
        if (state.status !== 'idle') {
          // Only a session an alert began gives way to the player's own (without alerts, nothing changes here).
          if (state.alertSession) state.sessionEnd = Math.max(state.sessionEnd, session.end);
          continue;
        }
        state.sessionEnd = session.end;
        state.alertSession = false;
        this.join(state, session.time);
      }
      this.wave(now);
      if (options.alerts) this.alert(now, options.alerts);
    }
    this.drainUntil(Number.POSITIVE_INFINITY);
    return this.result();
  }

  private state(userId: string): State {
    return this.byId.get(userId) as State;
  }

  private rateOf(s: State): number {
    return s.stats?.rate ?? s.player.start_rate;
  }

  private mmrOf(s: State): Mmr {
    return mmrForSeason(s.mmr, s.player.start_rate, this.seasonId, this.ratingRules.mmr);
  }

  /** What the waves match on: the MMR's mean (under legacy_elo, the displayed rate). */
  private matchRateOf(s: State): number {
    return this.legacy ? this.rateOf(s) : Math.round(this.mmrOf(s).mu);
  }

  private mayQueue(s: State, now: number): boolean {
    if (s.player.max_matches !== null && (s.stats?.match_count ?? 0) >= s.player.max_matches) return false;
    const blocked = queueIneligibility(
      { trainer_name: s.player.user_id, is_banned: false, ...s.penalty },
      { now, seasonOpen: true, inOpenMatch: false },
      this.rules.penalty,
    );
    return blocked === null;
  }

  /** Queues the player if their session runs and they may; true when they are queued. */
  private join(s: State, now: number): boolean {
    if (now >= s.sessionEnd || !this.mayQueue(s, now)) {
      s.status = 'idle';
      return false;
    }
    s.status = 'queued';
    s.entry = {
      user_id: s.player.user_id,
      rate: this.matchRateOf(s),
      roles: s.player.roles,
      joined_at: now,
      waves_missed: 0,
    };
    return true;
  }

  /** A wave at `now`: players whose session is over leave the queue, the rest go through runWave. */
  private wave(now: number): void {
    const queued = this.states.filter((q) => q.status === 'queued');
    for (const q of queued) {
      if (now >= q.sessionEnd) {
        q.status = 'idle';
        q.entry = null;
      }
    }
    const entries = queued.filter((q) => q.status === 'queued').map((q) => q.entry as WaitingEntry);
    if (entries.length === 0) return;
    const waveId = this.nextWaveId++;
    if (entries.length < MATCH_SIZE) {
      // What runWave gives when nobody can be matched, without its set-up.
      this.waves.push({
        id: waveId,
        ran_at: now,
        metrics: computeWaveMetrics([], entries.length, entries.length, now),
      });
      for (const entry of entries) entry.waves_missed += 1;
      return;
    }
    const wave = runWave(entries, now, {
      ...(this.legacy ? LEGACY_MATCHMAKING_WINDOW : {}),
      ...this.rules.matchmaking,
      seed: now,
    });
    this.waves.push({ id: waveId, ran_at: now, metrics: wave.metrics });
    for (const entry of wave.waiting) this.state(entry.user_id).entry = entry;
    for (const match of wave.matches) this.start(match, waveId, now);
  }

  private settleMatch(live: Live, now: number, reason: SettlementReason, winner: TeamSide | null): void {
    const record = live.record;
    live.open = false;
    const team = (side: TeamSide) =>
      record.players
        .filter((p) => p.team === side)
        .map((p) => {
          const s = this.state(p.user_id);
          return { user_id: p.user_id, rate: this.rateOf(s), mmr: this.mmrOf(s) };
        });
    const input = { teamA: team('A'), teamB: team('B'), winner };
    const changes = new Map(
      (this.legacy
        ? rateMatchElo(input, LEGACY_ELO).map((c) => ({ ...c, mmr_after: null }))
        : rateMatch(input, this.ratingRules)
      ).map((c) => [c.user_id, c]),
    );
    for (const mp of record.players) {
      const s = this.state(mp.user_id);
      const change = changes.get(mp.user_id);
      const after = winner === null || !change ? this.rateOf(s) : change.after;
      mp.rate_after = after;
      mp.rate_delta = after - this.rateOf(s);
      mp.mmr_before = this.mmrOf(s);
      mp.mmr_after = change?.mmr_after ?? mp.mmr_before;
      if (winner !== null && !this.legacy) s.mmr = { ...mp.mmr_after, season_id: this.seasonId };
      if (winner !== null) {
        const previous = s.stats;
        const maxRate = updateMaxRate(previous?.max_rate ?? this.rateOf(s), after);
        s.stats = {
          rate: after,
          max_rate: maxRate,
          max_rate_at: previous && maxRate === previous.max_rate ? previous.max_rate_at : now,
          match_count: (previous?.match_count ?? 0) + 1,
          win_count: (previous?.win_count ?? 0) + (mp.team === winner ? 1 : 0),
        };
      }
    }
    record.winner = winner;
    record.settled_at = now;
    record.settle_reason = reason;
    if (winner !== null) {
      this.predictions.push({ expected_a: live.expectedA, true_a: live.trueA, a_won: winner === 'A' });
    }
    for (const { player, since } of live.waiting) {
      if (now - since <= SETTLE_PATIENCE) this.join(player, now);
      else player.status = 'idle';
    }
    live.waiting = [];
  }

  /** The report window's end: the match settles if it has not, and the violation reports are tallied. */
  private closeWindow(live: Live, time: number): void {
    if (live.open) {
      const decision = settle(live.record.reports, { now: time, startedAt: live.startedAt }, this.settlement);
      if (decision.status === 'settled') this.settleMatch(live, time, decision.reason, decision.winner);
    }
    const record = live.record;
    const summary = tallyViolations(
      record.reports,
      record.players.map((p) => ({ user_id: p.user_id, team: p.team })),
      this.rules.penalty,
    );
    record.penalty_user_ids = summary.penalised_user_ids;
    const penalised = new Set(summary.penalised_user_ids);
    const result: MatchResult = record.winner === 'A' ? 'A-win' : record.winner === 'B' ? 'B-win' : 'invalid';
    for (const mp of record.players) {
      const s = this.state(mp.user_id);
      s.penalty = penaltyStateAfterMatch(
        s.penalty,
        { penalised: penalised.has(mp.user_id), result },
        time,
        this.rules.penalty,
      );
    }
  }

  private handle(event: Event): void {
    if (event.kind === 'answer') {
      this.answer(event.player, event.alert, event.time, event.session);
      return;
    }
    const live = event.match;
    if (event.kind === 'report') {
      live.record.reports.push(event.report);
      if (live.open) {
        const decision = settle(live.record.reports, { now: event.time, startedAt: live.startedAt }, this.settlement);
        if (decision.status === 'settled') this.settleMatch(live, event.time, decision.reason, decision.winner);
      }
    } else if (event.kind === 'deadline') {
      this.closeWindow(live, event.time);
    } else {
      const s = event.player;
      if (live.open) live.waiting.push({ player: s, since: event.time });
      else this.join(s, event.time);
    }
  }

  /**
   * After a wave: the engine's rule says whom to alert (opted-in players who may queue, with the rate the waves match
   * them on and the window of a new entry); each alerted player comes or not, as the model draws.
   */
  private alert(now: number, model: SimAlertModel): void {
    const matchmaking = resolveMatchmakingConfig({
      ...(this.legacy ? LEGACY_MATCHMAKING_WINDOW : {}),
      ...this.rules.matchmaking,
    });
    const targets = nearAlertTargets(
      {
        queued_ratings: this.states.filter((q) => q.status === 'queued').map((q) => (q.entry as WaitingEntry).rate),
        candidates: this.states
          .filter((q) => q.alert !== null && this.mayQueue(q, now))
          .map((q) => ({
            user_id: q.player.user_id,
            rating: this.matchRateOf(q),
            ...(q.alert as SimAlertChoice),
            last_alerted_at: q.lastAlertedAt,
            queued: q.status === 'queued',
            playing: q.status === 'playing',
          })),
        half_width: windowHalfWidth(0, matchmaking),
        now,
      },
      this.hours,
    );
    for (const id of targets) {
      const state = this.state(id);
      state.lastAlertedAt = now;
      const answer = answerAlert(model, this.alertRandom);
      const record: SimAlert = { user_id: id, sent_at: now, answered: answer !== null, joined_at: null };
      this.alertLog.push(record);
      if (answer) {
        this.events.push({
          time: now + answer.delay,
          kind: 'answer',
          player: state,
          alert: record,
          session: answer.session,
        });
      }
    }
  }

  /** An alerted player arrives: a session of `session` seconds, unless they are queued or playing by now. */
  private answer(s: State, alert: SimAlert, now: number, session: number): void {
    if (s.status !== 'idle') return;
    s.sessionEnd = now + session;
    s.alertSession = true;
    if (this.join(s, now)) alert.joined_at = now;
  }

  /** A match the wave made: played out by playMatch, its reports and the players' freedom queued as events. */
  private start(match: Match, waveId: number, now: number): void {
    const seats = [
      ...match.team_a.players.map((p, slot) => ({ p, team: 'A' as TeamSide, slot })),
      ...match.team_b.players.map((p, slot) => ({ p, team: 'B' as TeamSide, slot })),
    ];
    const deadline = reportDeadline(now, this.settlement);
    const displayed = (id: string) => this.rateOf(this.state(id));
    const game = playMatch({
      seats: seats.map(({ p, team }) => ({ user_id: p.user_id, team, role: p.role, rate: displayed(p.user_id) })),
      first_attack: match.first_attack,
      player: (id) => this.state(id).player,
      meta: this.options.meta,
      started_at: now,
      deadline,
      random: { match: this.random.match, reports: this.random.reports },
    });
    const record: SimMatch = {
      id: this.nextMatchId++,
      wave_id: waveId,
      season_id: this.seasonId,
      matched_at: now,
      lobby_id: game.lobby_id,
      host_user_id: match.host_user_id,
      first_attack: match.first_attack,
      team_gap: match.team_gap,
      rating_spread: Math.round(match.rating_spread),
      winner: null,
      settled_at: 0,
      settle_reason: 'no_reports',
      penalty_user_ids: [],
      players: seats.map(({ p, team, slot }) => ({
        user_id: p.user_id,
        team,
        slot,
        role: p.role,
        rate_before: displayed(p.user_id),
        wait_seconds: p.wait_seconds,
        rate_after: displayed(p.user_id),
        rate_delta: 0,
        mmr_before: this.mmrOf(this.state(p.user_id)),
        mmr_after: this.mmrOf(this.state(p.user_id)),
      })),
      reports: [],
    };
    const live: Live = {
      record,
      startedAt: now,
      trueA: game.true_a,
      expectedA: this.legacy
        ? expectedScore(match.team_a.average_rate, match.team_b.average_rate)
        : mmrWinProbability(
            match.team_a.players.map((p) => this.mmrOf(this.state(p.user_id))),
            match.team_b.players.map((p) => this.mmrOf(this.state(p.user_id))),
            this.ratingRules.mmr,
          ),
      open: true,
      waiting: [],
    };
    const reportOf = new Map(game.reports.map((r) => [r.user_id, r]));
    for (const { p } of seats) {
      const state = this.state(p.user_id);
      state.status = 'playing';
      state.entry = null;
      const report = reportOf.get(p.user_id);
      if (report) this.events.push({ time: report.reported_at, kind: 'report', match: live, report });
      this.events.push({ time: game.done_at.get(p.user_id) as number, kind: 'free', player: state, match: live });
    }
    this.events.push({ time: deadline, kind: 'deadline', match: live });
    this.matches.push(record);
  }

  private drainUntil(time: number): void {
    for (let e = this.events.peek(); e && e.time <= time; e = this.events.peek())
      this.handle(this.events.pop() as Event);
  }

  private result(): SeasonSimulation {
    const stats = new Map<string, SimSeasonStats>();
    const penalties = new Map<string, PenaltyState>();
    const mmr = new Map<string, MmrState>();
    for (const state of this.states) {
      if (state.stats) stats.set(state.player.user_id, state.stats);
      penalties.set(state.player.user_id, state.penalty);
      if (state.mmr) mmr.set(state.player.user_id, state.mmr);
    }
    return {
      season_id: this.seasonId,
      matches: this.matches,
      waves: this.waves,
      stats,
      penalties,
      mmr,
      predictions: this.predictions,
      next_match_id: this.nextMatchId,
      next_wave_id: this.nextWaveId,
      ...(this.options.alerts ? { alerts: this.alertLog } : {}),
    };
  }
}
