import {
  effectivePenalty,
  isWaveTime,
  type MatchResult,
  type PenaltyState,
  penaltyStateAfterMatch,
  reportDeadline,
  runWave,
  seasonRewards,
  tallyViolations,
  type WaitingEntry,
} from '@rankmatch/engine';
import {
  noShowTimeoutMinutes,
  PENALTY_BLOCK_THRESHOLD,
  READY_NO_SHOW_WINDOW_DAYS,
  REFUND_REASONS,
  type SeasonAwardMap,
  seasonAwardsOf,
} from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../src/db/client.ts';
import type { ReceivedPush } from '../test/helpers/fake-push.ts';
import { type Observations, WAVE_SETTLE_MS } from './community.ts';
import type { ImportedBaseline } from './imported.ts';
import type { OperatorLog, SeasonPlan } from './operators.ts';
import { ratingsAgainstReplay } from './rating-replay.ts';

// The invariants of a rehearsal, checked at the end against the database the servers wrote (read once they stopped)
// and what the players and operators saw. Each check says what it covered (its figure) and, when it fails, the first
// offending cases.

export interface Check {
  name: string;
  ok: boolean;
  figure: string;
  problems: string[];
}

export interface CheckInput {
  db: Db;
  seen: Observations;
  operators: OperatorLog;
  seasons: readonly SeasonPlan[];
  /** The simulated span in which every wave turn must have run (from the first season's activation). */
  wavesFrom: number;
  /** The end of the rehearsal (simulated): the checks ignore what was still due in the last minutes. */
  end: number;
  reportWindowMinutes: number;
  /** Players the simulation drove (the checks of what players saw cover them). */
  players: readonly string[];
  /** The clock's speed (the slack of late turns follows it). */
  speed: number;
  /** What the players' phones received (the reporters' devices). */
  pushes?: readonly ReceivedPush[];
  /**
   * The rehearsal began from an imported community (imported.ts): the imported matches are history, left out of the
   * checks of what the site did; penalties and ratings replay from the imported state.
   */
  baseline?: ImportedBaseline | null;
}

const MAX_PROBLEMS = 9;
/**
 * How late (simulated seconds) a scheduled turn may start: a turn and a half, or the simulated span of a few real
 * seconds (a busy machine stalls a process for that long, and the fast clock makes minutes of it).
 */
export function turnSlack(speed: number): number {
  return Math.max(180, 3 * speed);
}

function check(name: string, figure: string, problems: string[]): Check {
  return { name, ok: problems.length === 0, figure, problems: problems.slice(0, MAX_PROBLEMS) };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

interface MatchRow {
  id: number;
  season_id: string;
  status: string;
  matched_at: number;
  started_at: number;
  winner: 'A' | 'B' | null;
  settled_at: number | null;
  settle_reason: string | null;
  penalties_processed: boolean;
  penalty_user_ids: string[];
}

interface PlayerRow {
  match_id: number;
  user_id: string;
  team: 'A' | 'B';
  rate_before: number;
  rate_after: number | null;
  rate_delta: number | null;
  mmr_mu: number | null;
  mmr_sigma: number | null;
  is_open: boolean;
  refunded_at: number | null;
}

interface ReportRow {
  match_id: number;
  user_id: string;
  team: 'A' | 'B';
  result: MatchResult;
  violation_report: string;
  violation_reason: string;
  reported_at: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The site's own matches (after the imported ones, if any), their players and reports. */
async function load(db: Db, after: number) {
  const matches = (await rows<MatchRow>(db, sql`select * from matches where id > ${after} order by id`)).map((m) => ({
    ...m,
    id: Number(m.id),
    matched_at: Number(m.matched_at),
    started_at: Number(m.started_at),
    settled_at: num(m.settled_at),
  }));
  const players = (
    await rows<PlayerRow>(db, sql`select * from match_players where match_id > ${after} order by match_id, team, slot`)
  ).map((p) => ({ ...p, match_id: Number(p.match_id) }));
  const reports = (await rows<ReportRow>(db, sql`select * from match_reports where match_id > ${after}`)).map((r) => ({
    ...r,
    match_id: Number(r.match_id),
    reported_at: Number(r.reported_at),
  }));
  const byMatch = <T extends { match_id: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(item.match_id, [...(map.get(item.match_id) ?? []), item]);
    return map;
  };
  return { matches, playersOf: byMatch(players), reportsOf: byMatch(reports), players, reports };
}

type Loaded = Awaited<ReturnType<typeof load>>;

/** Every even minute in matching hours with an open season had exactly one wave; none ran outside them. */
async function waves(input: CheckInput): Promise<Check[]> {
  const { db } = input;
  const runs = (
    await rows<{
      slot: string | null;
      ran_at: string;
      missed: WaitingEntry[] | null;
      candidates: number;
      matched: number;
    }>(db, sql`select slot, ran_at, missed, candidates, matched from wave_runs order by id`)
  ).map((r) => ({ ...r, slot: num(r.slot), ran_at: Number(r.ran_at) }));
  const bySlot = new Map<number, number>();
  for (const r of runs) if (r.slot !== null) bySlot.set(r.slot, (bySlot.get(r.slot) ?? 0) + 1);
  const claimed = new Map(
    (
      await rows<{ slot: string; instance: string; claimed_at: string }>(
        db,
        sql`select slot, instance, claimed_at from job_runs where job = 'matching-wave'`,
      )
    ).map((r) => [
      Number(r.slot),
      `claimed by ${r.instance.split(':')[1]} at +${Number(r.claimed_at) - Number(r.slot)} s`,
    ]),
  );
  const open = (t: number) => input.seasons.some((s) => s.start <= t && t < s.end) && isWaveTime(t);
  const problems: string[] = [];
  let expected = 0;
  const first = Math.ceil(input.wavesFrom / 120) * 120;
  for (let t = first; t < input.end - turnSlack(input.speed); t += 120) {
    if (!open(t)) continue;
    expected += 1;
    const n = bySlot.get(t) ?? 0;
    if (n !== 1)
      problems.push(`${new Date(t * 1000).toISOString()}: ${n} waves (${claimed.get(t) ?? 'turn not claimed'})`);
  }
  for (const [slot, n] of bySlot) {
    if (!open(slot)) problems.push(`${new Date(slot * 1000).toISOString()}: ${n} waves outside the hours or seasons`);
  }
  const manual = runs.filter((r) => r.slot === null).length;
  if (manual > 0) problems.push(`${manual} waves were started by hand`);

  // What a wave left waiting, the engine would leave waiting again: nobody who could be matched was left.
  const left: string[] = [];
  let leftovers = 0;
  for (const r of runs) {
    const missed = r.missed ?? [];
    leftovers += missed.length;
    if (missed.length < 10) continue;
    const again = runWave(missed, r.ran_at, { seed: r.ran_at });
    if (again.matches.length > 0) {
      left.push(
        `${new Date(r.ran_at * 1000).toISOString()}: ${missed.length} left, ${again.metrics.matched} matchable`,
      );
    }
  }
  return [
    check(
      'one wave per even minute in matching hours, none outside',
      `${expected} turns, ${runs.length} waves`,
      problems,
    ),
    check(
      'after each wave nobody who could be matched was left waiting',
      `${runs.length} waves, ${leftovers} entries left over in all`,
      left,
    ),
  ];
}

/** Nobody is in two matches, or queued while in one; every match closes by its deadline. */
function places(input: CheckInput, data: Loaded): Check[] {
  const window = reportDeadline(0, { reportWindowMinutes: input.reportWindowMinutes });
  const spans = new Map<string, { id: number; from: number; to: number }[]>();
  for (const m of data.matches) {
    for (const p of data.playersOf.get(m.id) ?? []) {
      const list = spans.get(p.user_id) ?? [];
      list.push({ id: m.id, from: m.matched_at, to: m.settled_at ?? Number.POSITIVE_INFINITY });
      spans.set(p.user_id, list);
    }
  }
  const twice: string[] = [];
  for (const [user, list] of spans) {
    list.sort((a, b) => a.from - b.from);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1] as { id: number; from: number; to: number };
      const b = list[i] as { id: number; from: number; to: number };
      if (b.from < a.to) twice.push(`${user}: match ${b.id} made while ${a.id} was open`);
    }
    for (const join of input.seen.joins.get(user) ?? []) {
      const inside = list.find((s) => s.from + 1 < join && join < s.to - 1);
      if (inside) twice.push(`${user}: a join at ${join.toFixed(0)} was accepted inside match ${inside.id}`);
    }
  }
  const open = data.players.filter((p) => p.is_open);
  const openUsers = new Set(open.map((p) => p.user_id));
  if (openUsers.size !== open.length) twice.push('a player has two open matches');

  const late: string[] = [];
  let due = 0;
  for (const m of data.matches) {
    const deadline = m.started_at + window;
    if (deadline + turnSlack(input.speed) > input.end) continue;
    due += 1;
    if (m.status !== 'done' || m.settled_at === null) late.push(`match ${m.id} still open after its deadline`);
    else if (m.settled_at > deadline + turnSlack(input.speed))
      late.push(`match ${m.id} settled ${m.settled_at - deadline} s late`);
    if (!m.penalties_processed) late.push(`match ${m.id}: penalties not processed after its deadline`);
  }
  return [
    check(
      'nobody in two matches, nor queued while in one',
      `${spans.size} players, ${data.matches.length} matches, ${[...input.seen.joins.values()].flat().length} joins`,
      twice,
    ),
    check('every match settled or void by its deadline, penalties processed then', `${due} matches due`, late),
  ];
}

/** Penalties are what the reports' tally says; counts replay; timeouts keep players out. */
async function penalties(input: CheckInput, data: Loaded): Promise<Check[]> {
  const problems: string[] = [];
  const window = reportDeadline(0, { reportWindowMinutes: input.reportWindowMinutes });
  let processed = 0;
  let penalisedTotal = 0;
  const events: { at: number; id: number; kind: 'match' | 'season'; season?: string }[] = [];
  for (const m of data.matches) {
    if (!m.penalties_processed) continue;
    processed += 1;
    const summary = tallyViolations(
      (data.reportsOf.get(m.id) ?? []).map((r) => ({
        user_id: r.user_id,
        team: r.team,
        result: r.result,
        violation_report: r.violation_report,
        reported_at: r.reported_at,
      })),
      (data.playersOf.get(m.id) ?? []).map((p) => ({ user_id: p.user_id, team: p.team })),
    );
    const expected = [...summary.penalised_user_ids].sort().join(',');
    const stored = [...m.penalty_user_ids].sort().join(',');
    penalisedTotal += m.penalty_user_ids.length;
    if (expected !== stored) problems.push(`match ${m.id}: penalised [${stored}], the reports say [${expected}]`);
    events.push({ at: m.started_at + window, id: m.id, kind: 'match' });
  }
  const ended = await rows<{ id: string; ended_at: string }>(
    input.db,
    sql`select id, ended_at from seasons where ended_at is not null`,
  );
  // Seasons that had ended before an import are the imported penalty states' past.
  for (const s of ended.filter((x) => !input.baseline?.endedSeasons.has(x.id)))
    events.push({ at: Number(s.ended_at), id: 0, kind: 'season', season: s.id });
  events.sort((a, b) => a.at - b.at || a.id - b.id);

  // Replay every player's penalty state through the engine's rules in the order windows closed.
  const states = new Map<string, PenaltyState & { timeouts: { from: number; until: number }[] }>();
  const clean = () => ({
    penalty_count: 0,
    penalty_correction: 0,
    matches_since_penalty: 0,
    penalty_timeout_until: null,
    last_penalty_at: null,
    timeouts: [] as { from: number; until: number }[],
  });
  // Imported players start from the penalty state they brought.
  for (const [user, state] of input.baseline?.penalties ?? []) states.set(user, { ...state, timeouts: [] });
  const byId = new Map(data.matches.map((m) => [m.id, m]));
  for (const e of events) {
    if (e.kind === 'season') {
      // The season change's rule: a player with a penalty or a timeout below the threshold starts clean, a running
      // timeout ends there (a player without either keeps their progress: an imported one may have some).
      for (const [user, state] of states) {
        const penalised = state.penalty_count > 0 || state.penalty_timeout_until !== null;
        if (penalised && effectivePenalty(state) < PENALTY_BLOCK_THRESHOLD) {
          const timeouts = state.timeouts.map((t) => (t.until > e.at ? { ...t, until: Math.max(t.from, e.at) } : t));
          states.set(user, { ...clean(), timeouts });
        }
      }
      continue;
    }
    const m = byId.get(e.id) as MatchRow;
    const penalised = new Set(m.penalty_user_ids);
    const result: MatchResult = m.winner === 'A' ? 'A-win' : m.winner === 'B' ? 'B-win' : 'invalid';
    for (const p of data.playersOf.get(m.id) ?? []) {
      const state = states.get(p.user_id) ?? clean();
      const next = penaltyStateAfterMatch(state, { penalised: penalised.has(p.user_id), result }, e.at);
      const timeouts = [...state.timeouts];
      if (penalised.has(p.user_id) && next.penalty_timeout_until !== null) {
        timeouts.push({ from: e.at + turnSlack(input.speed), until: next.penalty_timeout_until });
      }
      states.set(p.user_id, { ...next, timeouts });
    }
  }
  const users = await rows<{
    id: string;
    penalty_count: number;
    penalty_correction: number;
    matches_since_penalty: number;
  }>(input.db, sql`select id, penalty_count, penalty_correction, matches_since_penalty from users`);
  for (const u of users) {
    const state = states.get(u.id) ?? clean();
    const stored = `${u.penalty_count}/${u.penalty_correction}/${u.matches_since_penalty}`;
    const replayed = `${state.penalty_count}/${state.penalty_correction}/${state.matches_since_penalty}`;
    if (stored !== replayed) problems.push(`${u.id}: penalty/correction/progress ${stored}, replay ${replayed}`);
  }

  // Timeouts: no match made and no join accepted while a player's timeout ran.
  const respected: string[] = [];
  let timeouts = 0;
  for (const [user, state] of states) {
    for (const t of state.timeouts) {
      timeouts += 1;
      for (const m of data.matches) {
        if (m.matched_at < t.from || m.matched_at >= t.until) continue;
        if ((data.playersOf.get(m.id) ?? []).some((p) => p.user_id === user)) {
          respected.push(`${user}: matched in ${m.id} during a timeout until ${t.until}`);
        }
      }
      for (const join of input.seen.joins.get(user) ?? []) {
        if (join >= t.from && join < t.until - 1) {
          respected.push(`${user}: join accepted at ${join} during a timeout from ${t.from} until ${t.until}`);
        }
      }
    }
  }
  return [
    check(
      'penalties equal the tally of the reports, and replay',
      `${processed} matches tallied, ${penalisedTotal} penalties`,
      problems,
    ),
    check(
      'timeouts are respected',
      `${timeouts} timeouts, ${input.seen.refusedJoins.get('QUEUE_PENALTY_TIMEOUT') ?? 0} joins refused for one`,
      respected,
    ),
  ];
}

/**
 * Ratings and season numbers equal a replay of the rating rule over the settled matches in settlement order, with the
 * corrections and refunds where they happened (rating-replay.ts).
 */
async function ratings(input: CheckInput): Promise<Check> {
  const { problems, figure, corrections, refunds } = await ratingsAgainstReplay(input.db, input.baseline ?? null);
  // The operators' correction and refunds are among the events replayed.
  if (corrections < (input.operators.correction ? 1 : 0)) problems.push('the correction is not in the replay');
  if (refunds < input.operators.refunds.length)
    problems.push(`${input.operators.refunds.length} refunds made, ${refunds} replayed`);
  return check(
    'ratings, MMRs and season numbers equal a replay of the rating rule (corrections and refunds included)',
    figure,
    problems,
  );
}

/** The season ended by its date, once, with records and rewards; the next season took over. */
async function seasonEnd(input: CheckInput, log: { ended: number }): Promise<Check> {
  const { db } = input;
  const problems: string[] = [];
  const first = input.seasons[0];
  // The records wait for the season's last matches: up to a report window after its end.
  const waits = input.reportWindowMinutes * 60 + turnSlack(input.speed);
  if (!first || first.end + waits > input.end)
    return check('the season end ran once, by its date', 'no season end in the span', []);
  const [season] = await rows<{
    id: string;
    name: string;
    awards: SeasonAwardMap | null;
    is_active: boolean;
    ending_started_at: string | null;
    ended_at: string | null;
  }>(db, sql`select * from seasons where id = ${first.id}`);
  if (!season) return check('the season end ran once, by its date', '', [`season ${first.id} is missing`]);
  const began = num(season.ending_started_at);
  if (season.ended_at === null || began === null) problems.push('the season has not ended');
  else if (began < first.end || began > first.end + turnSlack(input.speed)) {
    problems.push(`the end began at ${began}, its date is ${first.end}`);
  }
  if (log.ended !== 1) problems.push(`the servers logged ${log.ended} season ends`);
  const pressed = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log where action = 'season.end'`,
  );
  if ((pressed[0]?.n ?? 0) > 0) problems.push('an admin ended a season by hand');
  const stats = await rows<{ user_id: string; rate: number; max_rate: number; match_count: number; win_count: number }>(
    db,
    sql`select user_id, rate, max_rate, match_count, win_count from season_stats where season_id = ${first.id} and match_count > 0`,
  );
  const records = await rows<{
    user_id: string;
    final_rate: number;
    max_rate: number;
    final_rank: number | null;
    total_matches: number;
    wins: number;
    effective_penalty: number;
    deleted: boolean;
  }>(
    db,
    sql`select r.*, u.deleted_at is not null as deleted from season_records r join users u on u.id = r.user_id
      where r.season_id = ${first.id}`,
  );
  const recordOf = new Map(records.map((r) => [r.user_id, r]));
  for (const s of stats) {
    const r = recordOf.get(s.user_id);
    if (!r) problems.push(`${s.user_id} played but has no record`);
    else if (r.final_rate !== s.rate || r.total_matches !== s.match_count || r.wins !== s.win_count) {
      problems.push(
        `${s.user_id}: record ${r.final_rate}/${r.total_matches}/${r.wins}, season ${s.rate}/${s.match_count}/${s.win_count}`,
      );
    }
  }
  if (records.length !== stats.length) problems.push(`${records.length} records for ${stats.length} players`);
  const awards = await rows<{ user_id: string; tier: string; badge_id: string }>(
    db,
    sql`select user_id, tier, badge_id from season_awards where season_id = ${first.id}`,
  );
  const map = seasonAwardsOf({ id: season.id, name: season.name, awards: season.awards });
  let expectedAwards = 0;
  for (const r of records) {
    // A deleted account's remainder keeps its record and is rewarded nothing.
    const want = (
      r.deleted
        ? []
        : seasonRewards({ rank: r.final_rank, matches: r.total_matches, effectivePenalty: r.effective_penalty }, map)
    )
      .map((w) => `${w.tier}:${w.badgeId}`)
      .sort()
      .join(',');
    expectedAwards += want ? want.split(',').length : 0;
    const got = awards
      .filter((a) => a.user_id === r.user_id)
      .map((a) => `${a.tier}:${a.badge_id}`)
      .sort()
      .join(',');
    if (want !== got) problems.push(`${r.user_id}: awards [${got}], the rules say [${want}]`);
  }
  const owned = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_badges where source = 'season' and reference = ${first.id}`,
  );
  const distinct = new Set(awards.map((a) => `${a.user_id}:${a.badge_id}`)).size;
  if ((owned[0]?.n ?? 0) !== distinct) problems.push(`${owned[0]?.n} season badges owned for ${distinct} awards`);
  const next = input.seasons[1];
  if (next) {
    const [row] = await rows<{ is_active: boolean }>(db, sql`select is_active from seasons where id = ${next.id}`);
    if (!row?.is_active) problems.push(`the next season ${next.id} is not active`);
  }
  // The MMR's refit follows the season end, once (issue 33), whatever it decides.
  const refits = await rows<{ applied: boolean; reason: string }>(
    db,
    sql`select applied, report->>'reason' as reason from rating_refits
      where trigger = 'season_end' and season_id = ${first.id}`,
  );
  if (refits.length !== 1) problems.push(`${refits.length} refits of the MMR after the season end`);
  return check(
    'the season end ran once, by its date, with records, rewards and the refit; the next season took over',
    `${records.length} records, ${awards.length} awards (${expectedAwards} due); refit: ${refits[0]?.reason ?? 'none'}`,
    problems,
  );
}

/** Badges, achievements and the shop: each granted once. */
async function grants(input: CheckInput): Promise<Check[]> {
  const { db } = input;
  const problems: string[] = [];
  const dupes = await rows<{ user_id: string; badge_id: string; n: number }>(
    db,
    sql`select user_id, badge_id, count(*)::int as n from user_badges group by user_id, badge_id having count(*) > 1`,
  );
  for (const d of dupes) problems.push(`${d.user_id} owns ${d.badge_id} ${d.n} times`);
  for (const [key, n] of input.seen.badgePushes) if (n > 1) problems.push(`${key}: ${n} badgeGranted pushes`);
  const achievements = await rows<{ n: number }>(db, sql`select count(*)::int as n from user_achievements`);
  const badges = await rows<{ source: string; n: number }>(
    db,
    sql`select source, count(*)::int as n from user_badges group by source`,
  );
  const granted = badges.map((b) => `${b.n} ${b.source}`).join(', ');

  const shop: string[] = [];
  const p = input.operators.purchase;
  if (!p) shop.push('no purchase was made');
  else {
    const [order] = await rows<{ status: string }>(
      db,
      sql`select status from orders where id = ${p.sessionId} or session_id = ${p.sessionId}`,
    );
    if (order?.status !== 'fulfilled') shop.push(`the order is ${order?.status ?? 'missing'}`);
    if (p.status !== 'fulfilled') shop.push(`the buyer saw the order ${p.status}`);
    if (!p.replayRefused) shop.push('paying the same test session again was accepted');
    const owned = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from user_badges where user_id = ${p.userId} and badge_id = ${p.badgeId}`,
    );
    if (owned[0]?.n !== 1) shop.push(`the buyer owns the badge ${owned[0]?.n} times`);
    const [badge] = await rows<{ current_sales: number }>(
      db,
      sql`select current_sales from badges where id = ${p.badgeId}`,
    );
    if (badge?.current_sales !== 1) shop.push(`${badge?.current_sales} sold, 1 paid`);
  }
  return [
    check(
      'badges and achievements granted once',
      `${achievements[0]?.n ?? 0} achievements; badges: ${granted}`,
      problems,
    ),
    check('the shop order was fulfilled once', p ? `${p.badgeId} for ${p.userId}` : 'none', shop),
  ];
}

/** Every player in a match learnt of it: its matchFound on the socket, or over HTTP after a reconnect. */
function told(input: CheckInput, data: Loaded): Check {
  const problems: string[] = [];
  const ours = new Set(input.players);
  let socket = 0;
  let http = 0;
  const bannedAt = input.operators.ban?.at ?? Number.POSITIVE_INFINITY;
  for (const m of data.matches) {
    if (m.matched_at > input.end - turnSlack(input.speed)) continue;
    const seen = input.seen.seen.get(String(m.id));
    for (const p of data.playersOf.get(m.id) ?? []) {
      if (!ours.has(p.user_id)) continue;
      if (p.user_id === input.operators.ban?.userId && m.matched_at >= bannedAt) continue;
      const s = seen?.get(p.user_id);
      // The banned player, matched without a socket open, reads their match over HTTP a moment after the wave (the web
      // app's 3 s, on the fast clock): a ban in between refuses that read, so they cannot learn of it.
      const readBy = m.matched_at + turnSlack(input.speed) + (WAVE_SETTLE_MS / 1000) * input.speed;
      if (!s && p.user_id === input.operators.ban?.userId && bannedAt <= readBy) continue;
      if (!s) problems.push(`${p.user_id} never learnt of match ${m.id}`);
      else if (s.via === 'socket') socket += 1;
      else if (s.why !== 'no-push') http += 1;
      else problems.push(`${p.user_id}: no matchFound for match ${m.id} (read it over HTTP after the wave)`);
    }
  }
  // The steps of the first player who missed a push (or never learnt of their match), around the match.
  const [, first, match] =
    /^(dummy_\w+)(?:: no matchFound for match| never learnt of match) (\d+)/.exec(problems[0] ?? '') ?? [];
  const made = data.matches.find((m) => String(m.id) === match)?.matched_at;
  if (first && made !== undefined) {
    const steps = (input.seen.traces.get(first) ?? []).filter((t) => Math.abs(t.at - made) < 15 * 60);
    problems.splice(MAX_PROBLEMS - 1);
    problems.push(
      `  ${first} around ${made}: ${steps.map((t) => `${Math.round(t.at - made)} s ${t.step}`).join(' | ')}`,
    );
  }
  return check(
    'every player in a match got matchFound, or read it over HTTP after a reconnect',
    `${socket} on the socket, ${http} over HTTP after a reconnect or a leave`,
    problems,
  );
}

interface CheckRow {
  id: number;
  status: 'open' | 'started' | 'failed';
  opened_at: number;
  deadline_at: number;
  closed_at: number | null;
  match_id: number | null;
  players: { user_id: string; ready_at: number | null }[];
}

async function loadChecks(db: Db): Promise<CheckRow[]> {
  const list = await rows<CheckRow & { players: { user_id: string; ready_at: string | null }[] }>(
    db,
    sql`select c.id, c.status, c.opened_at, c.deadline_at, c.closed_at, c.match_id,
      json_agg(json_build_object('user_id', p.user_id, 'ready_at', p.ready_at)) as players
      from ready_checks c join ready_check_players p on p.ready_check_id = c.id group by c.id order by c.id`,
  );
  return list.map((c) => ({
    ...c,
    id: Number(c.id),
    opened_at: Number(c.opened_at),
    deadline_at: Number(c.deadline_at),
    closed_at: num(c.closed_at),
    match_id: num(c.match_id),
    players: c.players.map((p) => ({ user_id: p.user_id, ready_at: num(p.ready_at) })),
  }));
}

/**
 * The ready check: every match comes from a started check (its ten, made at the tenth press); nobody is in a check
 * while in a match or in another check; each check closed by its deadline.
 */
function readyStarts(input: CheckInput, data: Loaded, checks: readonly CheckRow[]): Check {
  const problems: string[] = [];
  const matchById = new Map(data.matches.map((m) => [m.id, m]));
  const fromChecks = new Set<number>();
  for (const c of checks) {
    if (c.status === 'open' && c.deadline_at + turnSlack(input.speed) < input.end) {
      problems.push(`check ${c.id} still open after its deadline`);
    }
    if (c.status === 'failed' && (c.closed_at ?? 0) > c.deadline_at + turnSlack(input.speed)) {
      problems.push(`check ${c.id} failed ${(c.closed_at ?? 0) - c.deadline_at} s after its deadline`);
    }
    if (c.status !== 'started') continue;
    const match = c.match_id === null ? undefined : matchById.get(c.match_id);
    if (!match) {
      problems.push(`check ${c.id} started no match`);
      continue;
    }
    fromChecks.add(match.id);
    const ten = (data.playersOf.get(match.id) ?? []).map((p) => p.user_id).sort();
    if (
      ten.join() !==
      c.players
        .map((p) => p.user_id)
        .sort()
        .join()
    )
      problems.push(`match ${match.id}: not the ten`);
    if (match.started_at !== c.closed_at) problems.push(`match ${match.id} started at ${match.started_at}, not then`);
    if (c.players.some((p) => p.ready_at === null)) problems.push(`check ${c.id} started without every press`);
  }
  for (const m of data.matches) if (!fromChecks.has(m.id)) problems.push(`match ${m.id} made without a ready check`);
  // Nobody in two checks at once, or in a check while in an open match.
  const spans = new Map<string, { what: string; from: number; to: number }[]>();
  const add = (user: string, what: string, from: number, to: number) =>
    spans.set(user, [...(spans.get(user) ?? []), { what, from, to }]);
  for (const c of checks) {
    for (const p of c.players) add(p.user_id, `check ${c.id}`, c.opened_at, c.closed_at ?? Number.POSITIVE_INFINITY);
  }
  for (const m of data.matches) {
    for (const p of data.playersOf.get(m.id) ?? []) {
      add(p.user_id, `match ${m.id}`, m.matched_at, m.settled_at ?? Number.POSITIVE_INFINITY);
    }
  }
  for (const [user, list] of spans) {
    list.sort((a, b) => a.from - b.from);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1] as { what: string; from: number; to: number };
      const b = list[i] as { what: string; from: number; to: number };
      if (b.from < a.to) problems.push(`${user}: ${b.what} began during ${a.what}`);
    }
  }
  const started = checks.filter((c) => c.status === 'started').length;
  return check(
    'every match comes from a ready check its ten pressed, made then; nobody in two at once',
    `${checks.length} checks, ${started} started, ${data.matches.length} matches`,
    problems,
  );
}

/**
 * Failed ready checks happened; each no-show left the queue with the timeout their misses give (kept: no join, check
 * or match during it) and was told, on the socket or over HTTP (or knew: their own leave failed it).
 */
async function readyFailures(input: CheckInput, checks: readonly CheckRow[]): Promise<Check> {
  const problems: string[] = [];
  const suspensions = (
    await rows<{ user_id: string; starts_at: string; ends_at: string }>(
      input.db,
      sql`select user_id, starts_at, ends_at from suspensions where kind = 'ready_check'`,
    )
  ).map((r) => ({ user: r.user_id, from: Number(r.starts_at), until: Number(r.ends_at) }));
  // In the order they closed: a no-show's step counts the misses before it.
  const failed = checks
    .filter((c) => c.status === 'failed' && c.closed_at !== null)
    .sort((a, b) => (a.closed_at as number) - (b.closed_at as number) || a.id - b.id);
  // A check someone left unanswered must fail (by its deadline, or earlier when another player left it). A short span
  // may have none: each player ignores 3 % of their checks, and a few dozen checks can pass without one.
  const failedIds = new Set(failed.map((c) => String(c.id)));
  const byId = new Map(checks.map((c) => [String(c.id), c]));
  const ignored = input.seen.readyPresses.ignored;
  for (const id of ignored) {
    const closed = byId.get(id)?.closed_at ?? null;
    if (closed === null || closed > input.end - turnSlack(input.speed)) continue; // still open as the span ended
    if (!failedIds.has(id)) problems.push(`check ${id} was left unanswered and did not fail`);
  }
  const ours = new Set(input.players);
  const misses = new Map<string, number[]>();
  let noShows = 0;
  let told = 0;
  for (const c of failed) {
    const closed = c.closed_at as number;
    for (const p of c.players.filter((x) => x.ready_at === null)) {
      noShows += 1;
      const before = (misses.get(p.user_id) ?? []).filter((t) => t > closed - READY_NO_SHOW_WINDOW_DAYS * 86_400);
      misses.set(p.user_id, [...before, closed]);
      const minutes = noShowTimeoutMinutes(before.length + 1);
      const got = suspensions.filter((x) => x.user === p.user_id && x.from === closed);
      const want = minutes > 0 ? [closed + minutes * 60] : [];
      if (got.map((x) => x.until).join() !== want.join()) {
        problems.push(`${p.user_id} after check ${c.id}: timeout ${got.map((x) => x.until)} instead of ${want}`);
      }
      if (!ours.has(p.user_id) || p.user_id === input.operators.ban?.userId) continue;
      if (closed > input.end - turnSlack(input.speed)) continue;
      const saw = input.seen.readySeen.get(String(c.id))?.get(p.user_id)?.view;
      // Left the queue while the check was open: they failed it, or went away as it ran out.
      const left = (input.seen.leaves.get(p.user_id) ?? []).some(
        ([from]) => from >= c.opened_at - 1 && from <= closed + 1,
      );
      if (left || (saw?.status === 'failed' && saw.my_outcome === 'removed')) told += 1;
      else problems.push(`${p.user_id} removed by check ${c.id} and never told (saw ${saw?.status ?? 'nothing'})`);
    }
  }
  for (const x of suspensions) {
    for (const join of input.seen.joins.get(x.user) ?? []) {
      // A second of slack at each end, as for matches above: a join is noted at the player's clock as it is sent, the
      // timeout starts at the close's whole second, and at ~100× a request's way to the server is about a second.
      if (join >= x.from + 1 && join < x.until - 1) {
        problems.push(`${x.user}: join at ${join} during a no-show timeout`);
      }
    }
    for (const c of checks) {
      // After the check that gave the timeout (a leave may fail a check in the second it opened).
      if (c.opened_at > x.from && c.opened_at < x.until && c.players.some((p) => p.user_id === x.user)) {
        problems.push(`${x.user}: in check ${c.id} during a no-show timeout`);
      }
    }
  }
  const refused = [...input.seen.readyPresses.refused].map(([code, n]) => `${n} ${code}`).join(', ') || 'none';
  return check(
    'failed ready checks: each no-show left the queue with its escalating timeout, kept, and was told',
    `${failed.length} failed, ${noShows} no-shows (${told} told), ${suspensions.length} timeouts, ` +
      `${ignored.size} checks ignored, presses refused: ${refused}`,
    problems,
  );
}

/** What the operators did took effect and is in the audit log; nobody pressed the buttons the scheduler presses. */
function operators(input: CheckInput, trail: { action: string; target_id: string }[]): Check[] {
  const log = input.operators;
  const problems: string[] = [...log.problems];
  for (const a of log.audited) {
    if (!trail.some((t) => t.action === a.action && t.target_id === a.target)) {
      problems.push(`no audit row for ${a.action} ${a.target}`);
    }
  }
  const pressed = trail.filter((t) => t.action.startsWith('debug.') || t.action === 'season.end');
  for (const t of pressed) problems.push(`someone pressed ${t.action}`);
  if (!log.ban) problems.push('nobody was banned');
  else {
    if (log.ban.inQueueAfter !== false) problems.push(`the banned player is still queued (${log.ban.inQueueAfter})`);
    if (!log.ban.refusedAfter) problems.push('the banned player could still sign in');
  }
  if (!log.correction) problems.push('no result was corrected');
  if (!log.rules?.shownAfter) problems.push(`the edited rules were not shown (${JSON.stringify(log.rules?.shown)})`);
  return [
    check(
      'admin actions took effect and each has its audit row; no wave, gather or season end by hand',
      `${log.audited.length} admin writes, ${trail.length} audit rows`,
      problems,
    ),
  ];
}

/**
 * The admin's matching suspensions (the user tab): the player left the queue at once, and until it ended or was lifted
 * no join of theirs was accepted and no ready check or match took them; each suspension and lift has its audit row.
 */
async function sanctions(input: CheckInput, data: Loaded, readyChecks: readonly CheckRow[]): Promise<Check> {
  const problems: string[] = [];
  const log = input.operators.suspensions;
  const stored = (
    await rows<{ id: string; user_id: string; starts_at: string; ends_at: string; lifted_at: string | null }>(
      input.db,
      sql`select id, user_id, starts_at, ends_at, lifted_at from suspensions where kind = 'admin' order by id`,
    )
  ).map((r) => ({
    id: Number(r.id),
    user: r.user_id,
    from: Number(r.starts_at),
    ends: Number(r.ends_at),
    lifted: num(r.lifted_at),
  }));
  if (log.length < 2) problems.push(`${log.length} suspensions made, 2 planned`);
  if (!log.some((s) => s.liftedAt !== null)) problems.push('no suspension was lifted');
  for (const s of log) {
    const row = stored.find((r) => r.id === s.suspensionId);
    if (!row || row.user !== s.userId) {
      problems.push(`the suspension of ${s.userId} (${s.suspensionId}) is not stored`);
      continue;
    }
    if (s.inQueueAfter !== false) problems.push(`${s.userId} still queued after the suspension (${s.inQueueAfter})`);
    if (s.liftedAt === null && row.ends - row.from !== 3600)
      problems.push(`${s.userId}: ${row.ends - row.from} s, not 1h`);
    if (s.liftedAt !== null && row.lifted === null) problems.push(`${s.userId}: lifted, yet stored in force`);
  }
  const audits = await rows<{ action: string; target_id: string; after: { suspension_id?: number } | null }>(
    input.db,
    sql`select action, target_id, after from audit_log where action in ('user.suspend', 'user.suspension_lift')`,
  );
  const audited = (action: string, r: { id: number; user: string }) =>
    audits.some((a) => a.action === action && a.target_id === r.user && Number(a.after?.suspension_id) === r.id);
  for (const r of stored) {
    if (!audited('user.suspend', r)) problems.push(`suspension ${r.id} of ${r.user}: no user.suspend audit row`);
    if (r.lifted !== null && !audited('user.suspension_lift', r))
      problems.push(`suspension ${r.id} of ${r.user}: lifted without a user.suspension_lift audit row`);
  }
  let joins = 0;
  for (const r of stored) {
    const until = Math.min(r.ends, r.lifted ?? Number.POSITIVE_INFINITY);
    const during = (t: number) => t > r.from && t < until;
    for (const join of input.seen.joins.get(r.user) ?? []) {
      if (join >= r.from && join < until - 1) problems.push(`${r.user}: join at ${join} during suspension ${r.id}`);
      else if (join >= until - 1) joins += 1;
    }
    for (const c of readyChecks) {
      if (during(c.opened_at) && c.players.some((p) => p.user_id === r.user))
        problems.push(`${r.user}: in ready check ${c.id} during suspension ${r.id}`);
    }
    for (const m of data.matches) {
      if ((during(m.matched_at) || during(m.started_at)) && data.playersOf.get(m.id)?.some((p) => p.user_id === r.user))
        problems.push(`${r.user}: in match ${m.id} during suspension ${r.id}`);
    }
  }
  const lifted = stored.filter((r) => r.lifted !== null).length;
  return check(
    "admins' suspensions: out of the queue at once, no join, check or match until they end or are lifted; audited",
    `${stored.length} suspensions (${lifted} lifted), ${joins} joins after them; ` +
      `${input.seen.refusedJoins.get('QUEUE_SUSPENDED') ?? 0} joins refused as suspended (by an admin or a no-show)`,
    problems,
  );
}

/**
 * Outcomes told: every closed case raised by players told its reporters once (reporters_told_at, the in-page list in
 * the case's details, at most one message per reporter and channel in the outbox, the phones got it), never the
 * player it was about or the one the action took aim at; scan-raised cases tell nobody.
 */
async function outcomesTold(input: CheckInput): Promise<Check> {
  const { db } = input;
  const problems: string[] = [];
  const log = input.operators.cases;
  // (A run that ends before the operators come to the cases has none to close.)
  if (log.length < 2 && input.operators.openCases !== null)
    problems.push(`${log.length} cases closed by the operators, 2 planned`);
  const closed = (
    await rows<{
      id: string;
      kind: string;
      match_id: string | null;
      user_id: string | null;
      other_user_id: string | null;
      opened_at: string;
      closed_at: string | null;
      reporters_told_at: string | null;
      details: { told?: string[] } | null;
    }>(
      db,
      sql`select id, kind, match_id, user_id, other_user_id, opened_at, closed_at, reporters_told_at, details
        from moderation_cases where status = 'closed' order by id`,
    )
  ).map((c) => ({
    ...c,
    id: Number(c.id),
    match_id: num(c.match_id),
    opened_at: Number(c.opened_at),
    closed_at: num(c.closed_at),
    reporters_told_at: num(c.reporters_told_at),
  }));
  const audits = await rows<{
    action: string;
    target_id: string;
    after: { user_id?: string; reporters_told?: number };
  }>(db, sql`select action, target_id, after from audit_log where target_type = 'case'`);
  const outbox = await rows<{ event_key: string; channel: string; target: string; user_id: string | null }>(
    db,
    sql`select event_key, channel, target, user_id from notification_outbox where event_key like 'case.told:%'`,
  );
  let told = 0;
  let withReporters = 0;
  for (const c of closed) {
    const audit = audits.find((a) => a.target_id === String(c.id) && a.action.startsWith('case.'));
    if (!audit) problems.push(`case ${c.id} closed without its audit row`);
    const quiet = new Set([c.user_id, c.other_user_id, audit?.after?.user_id].filter((id) => !!id));
    const entries = c.details?.told ?? [];
    const users = entries.map((t) => t.split(':')[0] as string);
    told += users.length;
    if (new Set(users).size !== users.length) problems.push(`case ${c.id}: a reporter told twice (${entries})`);
    for (const u of users) if (quiet.has(u)) problems.push(`case ${c.id}: ${u}, whom it was about, was told`);
    if (c.kind === 'dispute') {
      const disputers = await rows<{ user_id: string }>(
        db,
        sql`select distinct user_id from disputes where match_id = ${c.match_id} and created_at >= ${c.opened_at}
          and created_at <= ${c.closed_at}`,
      );
      const want = disputers
        .map((d) => d.user_id)
        .filter((u) => !quiet.has(u))
        .sort();
      if (want.join() !== [...users].sort().join())
        problems.push(`case ${c.id}: told [${users}], its disputers are [${want}]`);
    } else if (c.kind === 'violations') {
      for (const entry of entries) {
        const [user, match] = entry.split(':');
        const named = await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from match_reports where match_id = ${Number(match)} and user_id = ${user}
            and violation_report = ${c.user_id}`,
        );
        if ((named[0]?.n ?? 0) === 0) problems.push(`case ${c.id}: ${user} told, yet named nobody in ${match}`);
      }
    } else if (users.length > 0) problems.push(`case ${c.id} (${c.kind}, raised by the scan) told [${users}]`);
    if (users.length > 0) withReporters += 1;
    if (
      users.length > 0 !== (c.reporters_told_at !== null) ||
      (users.length > 0 && c.reporters_told_at !== c.closed_at)
    )
      problems.push(`case ${c.id}: ${users.length} told, reporters_told_at ${c.reporters_told_at}`);
    if (audit && Number(audit.after?.reporters_told ?? 0) !== users.length)
      problems.push(`case ${c.id}: the audit counts ${audit.after?.reporters_told} told, ${users.length} were`);
    // One message per reporter and channel (a device, a DM), and only to those told.
    const sent = outbox.filter((o) => o.event_key === `case.told:${c.id}`);
    for (const o of sent)
      if (!o.user_id || !users.includes(o.user_id)) problems.push(`case ${c.id}: sent to ${o.user_id}`);
    const perUser = new Map<string, number>();
    for (const o of sent) perUser.set(`${o.user_id}:${o.channel}`, (perUser.get(`${o.user_id}:${o.channel}`) ?? 0) + 1);
    for (const [k, n] of perUser) if (n > 1) problems.push(`case ${c.id}: ${n} messages for ${k}`);
  }
  // The operators' cases: each disputer who had a phone got one push of it, and found it on their page.
  let phones = 0;
  for (const l of log) {
    const c = closed.find((x) => x.id === l.caseId);
    if (!c) {
      problems.push(`case ${l.caseId} was closed by an operator but is not closed`);
      continue;
    }
    for (const d of l.devices) {
      phones += 1;
      const rowsFor = outbox.filter(
        (o) => o.event_key === `case.told:${l.caseId}` && o.user_id === d.userId && o.channel === 'push',
      );
      if (rowsFor.length !== 1) problems.push(`case ${l.caseId}: ${rowsFor.length} push messages for ${d.userId}`);
      const got = (input.pushes ?? []).filter(
        (p) => p.deviceId === d.deviceId && (p.payload as { tag?: string } | null)?.tag === `case-${l.caseId}`,
      );
      if (got.length !== 1) problems.push(`case ${l.caseId}: ${d.userId}'s phone got ${got.length} pushes of it`);
      if (!l.listed.includes(d.userId)) problems.push(`case ${l.caseId}: not on ${d.userId}'s page of outcomes`);
    }
  }
  const actions = log.map((l) => `${l.kind} ${l.action}`).join(', ') || 'none';
  return check(
    'closed cases told their reporters once (in-page, outbox, phones), never whom they were about; audited',
    `${closed.length} closed (${withReporters} with reporters, ${told} told; operators: ${actions}; ` +
      `${input.operators.contested} losers made to dispute; ` +
      `${phones} phones), ${input.operators.openCases ?? '?'} open when the operators came`,
    problems,
  );
}

/**
 * Refunds: each went to team-mates of a player reports named 途中離脱 or 放置・AFK, is audited, and every refunded row
 * is in an audit entry (the rating replay, above, checks the numbers).
 */
async function refundsChecked(input: CheckInput, data: Loaded): Promise<Check> {
  const problems: string[] = [];
  const log = input.operators.refunds;
  // An evening may have no lost match with a named leaver when the operators look: then there is nothing to refund.
  const possible = input.operators.refundCandidates.some((n) => n > 0);
  if (log.length === 0 && possible) problems.push('a lost match had a named leaver, and no refund was made');
  const audits = (
    await rows<{ target_id: string; after: { leaver_id: string; refunded: { user_id: string }[] } }>(
      input.db,
      sql`select target_id, after from audit_log where action = 'match.refund' order by id`,
    )
  ).map((a) => ({
    match: Number(a.target_id),
    leaver: a.after.leaver_id,
    users: a.after.refunded.map((r) => r.user_id),
  }));
  for (const r of log) {
    const audit = audits.find((a) => a.match === Number(r.matchId) && a.leaver === r.leaverId);
    if (!audit) {
      problems.push(`refund of match ${r.matchId} (leaver ${r.leaverId}) is not audited`);
      continue;
    }
    if ([...audit.users].sort().join() !== [...r.refunded].sort().join())
      problems.push(`match ${r.matchId}: refunded [${r.refunded}], audited [${audit.users}]`);
    const named = (data.reportsOf.get(Number(r.matchId)) ?? []).filter(
      (x) => x.violation_report === r.leaverId && (REFUND_REASONS as readonly string[]).includes(x.violation_reason),
    );
    if (named.length === 0) problems.push(`match ${r.matchId}: ${r.leaverId} was never named as a leaver`);
    const players = data.playersOf.get(Number(r.matchId)) ?? [];
    const team = players.find((p) => p.user_id === r.leaverId)?.team;
    for (const u of audit.users) {
      if (u === r.leaverId || players.find((p) => p.user_id === u)?.team !== team)
        problems.push(`match ${r.matchId}: ${u} refunded, not a team-mate of ${r.leaverId}`);
    }
  }
  let rows_ = 0;
  for (const p of data.players) {
    if (p.refunded_at === null) continue;
    rows_ += 1;
    if (!audits.some((a) => a.match === p.match_id && a.users.includes(p.user_id)))
      problems.push(`match ${p.match_id} ${p.user_id}: refunded without an audit entry`);
  }
  return check(
    "refunds went to a named leaver's team-mates, each audited",
    `${audits.length} refunds, ${rows_} players refunded` +
      (possible ? '' : ' (the operators found no lost match with a named leaver)'),
    problems,
  );
}

/** Sessions do not pile up: what ended over a day ago (and an hour's prune turn) is gone. */
async function sessions(input: CheckInput): Promise<Check> {
  const cutoff = input.end - 86_400 - 3600 - turnSlack(input.speed);
  const [row] = await rows<{ total: number; stale: number }>(
    input.db,
    sql`select count(*)::int as total,
      count(*) filter (where expires_at < ${cutoff} or revoked_at < ${cutoff})::int as stale from sessions`,
  );
  return check(
    'the sessions table does not grow without bound',
    `${row?.total ?? 0} sessions at the end`,
    (row?.stale ?? 0) > 0 ? [`${row?.stale} sessions ended over a day ago are still stored`] : [],
  );
}

/** Screenshots and disputes went through, each dispute is in a case, and the trust scan kept up by itself. */
async function trust(input: CheckInput): Promise<Check> {
  const { db, seen } = input;
  const problems: string[] = [];
  for (const [code, n] of seen.trust.refused) problems.push(`${n} refused: ${code}`);
  const [row] = await rows<{
    disputes: number;
    uncased: number;
    evidence: number;
    attached: number;
    cursor: number;
    behind: number;
  }>(
    db,
    sql`select (select count(*)::int from disputes) as disputes,
      (select count(*)::int from disputes d where not exists (select 1 from moderation_cases c
        where c.kind = 'dispute' and c.match_id = d.match_id)) as uncased,
      (select count(*)::int from evidence) as evidence,
      (select count(*)::int from evidence e where exists (select 1 from match_reports r where r.evidence_id = e.id)
        or exists (select 1 from disputes d where d.evidence_id = e.id)) as attached,
      coalesce((select last_match_id::int from trust_scan where id = 1), 0) as cursor,
      (select count(*)::int from matches m where m.penalties_processed
        and m.started_at < ${input.end - input.reportWindowMinutes * 60 - 600}
        and m.id > coalesce((select last_match_id from trust_scan where id = 1), 0)) as behind`,
  );
  if (!row) return check('screenshots, disputes and the trust scan', 'no data', ['the trust tables could not be read']);
  // The players' disputes, and those of losers the operators had contest a result (operators.ts, actOnCases).
  const accepted = seen.trust.disputes + input.operators.contested;
  if (row.disputes !== accepted) problems.push(`${accepted} disputes accepted, ${row.disputes} stored`);
  if (row.uncased > 0) problems.push(`${row.uncased} disputes without a case`);
  if (row.attached > seen.trust.uploads || row.evidence > seen.trust.uploads) {
    problems.push(`${seen.trust.uploads} uploads accepted, ${row.evidence} stored`);
  }
  if (row.behind > 0) problems.push(`the trust scan left ${row.behind} matches closed long before the end unjudged`);
  const [cases] = await rows<{ list: string | null }>(
    db,
    sql`select string_agg(kind || ' ' || n, ', ') as list from (select kind, count(*)::int as n from moderation_cases
      group by kind order by kind) k`,
  );
  return check(
    'screenshots, disputes and the trust scan',
    `${seen.trust.uploads} screenshots (${row.attached} attached), ${row.disputes} disputes; cases: ${cases?.list ?? 'none'}; scanned to match ${row.cursor}`,
    problems,
  );
}

export async function runChecks(
  input: CheckInput,
  extra: { seasonEndLogs: number; trail: { action: string; target_id: string }[] },
): Promise<Check[]> {
  const data = await load(input.db, input.baseline?.lastMatchId ?? 0);
  const checks = await loadChecks(input.db);
  return [
    ...(await waves(input)),
    ...places(input, data),
    ...(await penalties(input, data)),
    await ratings(input),
    await seasonEnd(input, { ended: extra.seasonEndLogs }),
    ...(await grants(input)),
    told(input, data),
    readyStarts(input, data, checks),
    await readyFailures(input, checks),
    ...operators(input, extra.trail),
    await sanctions(input, data, checks),
    await outcomesTold(input),
    await refundsChecked(input, data),
    await sessions(input),
    await trust(input),
  ];
}

/** The figures the checks read from the database. */
export interface Counts {
  waves: number;
  matches: number;
  settled: number;
  voided: number;
  reports: number;
  readyChecks: number;
  readyFailed: number;
}

/** The figures of the site's own matches (after an import's, if any). */
export async function countsOf(db: Db, after = 0): Promise<Counts> {
  const [row] = await rows<Counts>(
    db,
    sql`select (select count(*)::int from wave_runs) as waves,
      (select count(*)::int from matches where id > ${after}) as matches,
      (select count(*)::int from matches where id > ${after} and status = 'done' and winner is not null) as settled,
      (select count(*)::int from matches where id > ${after} and status = 'done' and winner is null) as voided,
      (select count(*)::int from match_reports where match_id > ${after}) as reports,
      (select count(*)::int from ready_checks) as "readyChecks",
      (select count(*)::int from ready_checks where status = 'failed') as "readyFailed"`,
  );
  return row ?? { waves: 0, matches: 0, settled: 0, voided: 0, reports: 0, readyChecks: 0, readyFailed: 0 };
}
