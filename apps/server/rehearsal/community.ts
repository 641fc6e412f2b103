import {
  type PlannedSession,
  planSessions,
  playMatch,
  reportDeadline,
  resolveMatchingHoursConfig,
  type SeasonMeta,
  type SimPlayer,
  type SimulatedGame,
  seasonMeta,
  stream,
} from '@rankmatch/engine';
import type { CurrentMatch, ReadyCheck, ServerMessage } from '@rankmatch/shared';
import type { Api, Reply } from './api.ts';
import type { RehearsalClock } from './clock.ts';
import type { SignIn } from './sign-in.ts';
import { CLOSE_BANNED, PlayerSocket } from './socket.ts';

// The simulated community as clients of the real server: each player of the engine's population (hidden skill,
// roles, habits, liars, violators) comes in the sessions the engine plans, signs in as a test account, keeps a
// WebSocket open, joins the queue, plays the matches the server makes (the engine's playMatch decides the game from
// hidden skill, and who reports what and when), reports, and queues again once the match settled. Everything goes
// through the public HTTP and WebSocket API; what each player saw is kept for the checks.

/** A player who waits longer than this for their match to settle ends the session (as in simulateSeason). */
const SETTLE_PATIENCE = 15 * 60;
/** How often a player who waits for something checks over HTTP (simulated seconds). */
const POLL_SECONDS = 60;
/** Of the players who do not report, this share reports after the deadline (a late report, refused). */
const LATE_REPORT_SHARE = 0.2;
/** Of the reports naming a player, those with a screenshot. */
const SCREENSHOT_SHARE = 0.3;
/** Players who look at the settled result after their match (and dispute it when it is not what happened). */
const CHECK_RESULT_SHARE = 0.5;
/** Of those whose report lost the vote, the share who dispute anyway. */
const OUTVOTED_DISPUTE_SHARE = 0.5;
/** A 64×36 PNG (the rehearsal's screenshot; the server re-encodes it). */
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAkCAIAAAC2bqvFAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAaElEQVRYhe2SQQkAQRDDqiXiKm5Vnof7hIFCBKSh4fU00Q3YgOoV2YV6l+gGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF6oe8jcf6ULCl+Pb/5kAAAAASUVORK5CYII=',
  'base64',
);
/** How long (real time: a browser's) a player waits for the socket before joining the queue anyway. */
const SOCKET_PATIENCE_MS = 3000;
/** The share of sessions in which the player's connection breaks once. */
const DROP_CHANCE = 0.3;
/** How long after a wave's time a queued player reads their queue status (the web app's, in real time). */
export const WAVE_SETTLE_MS = 3000;
/** A push that arrives this long (real) after the player read the same match over HTTP still counts as delivered. */
const PUSH_GRACE_MS = 5000;
/** Sessions that began this long before the rehearsal may still be going on at its start. */
const ONGOING_LOOKBACK = 6 * 3600;
/** The host sets the lobby this many simulated seconds after seeing the match (at least). */
const LOBBY_DELAY = 40;
/** Of the ready checks a player is in, the share they do not answer (away from the screen). */
const READY_IGNORE_SHARE = 0.03;
/** A player presses 準備完了 this many simulated seconds after seeing the check, and up to this many more. */
const READY_DELAY = { min: 1, spread: 8 };
/** A no-show who was removed without a timeout comes back to the queue after this long and up to as much more. */
const NO_SHOW_RETURN = 5 * 60;

export interface CommunityOptions {
  api: Api;
  /** How each player signs in (a test account, or Discord for a moved-in player). */
  signIn: SignIn;
  clock: RehearsalClock;
  seed: number;
  players: readonly SimPlayer[];
  /** Report window of the server (minutes), for the deadline and the late reports. */
  reportWindowMinutes: number;
  /** Whether `id` is banned by the operators (then the player stops). */
  onBanned?: (userId: string) => void;
}

/** How a player learnt of a match. */
export type SeenVia = 'socket' | 'http';
/** Why a player read their match over HTTP: after a socket drop, right after leaving the queue (the push may still be
 * on its way), or because the wave had passed and no push came (a lost push). */
export type ReadWhy = 'reconnect' | 'left' | 'no-push';

export interface MatchSeen {
  via: SeenVia;
  /** Simulated unix seconds. */
  at: number;
  /** Why it was read over HTTP (null: the push came). */
  why: ReadWhy | null;
  /** Real ms when it was learnt. */
  atMs?: number;
  /** A push that came after the HTTP read, this long after (real ms). */
  latePushMs?: number;
}

/** What the players saw and did, for the checks and the figures. */
export class Observations {
  /** Accepted joins: user → simulated times. */
  readonly joins = new Map<string, number[]>();
  /** Refused joins by code. */
  readonly refusedJoins = new Map<string, number>();
  /** match → user → how they learnt of it. */
  readonly seen = new Map<string, Map<string, MatchSeen>>();
  /** Simulated seconds from an accepted join to the matchFound of the match it led to. */
  readonly waits: number[] = [];
  /** Real ms from a wave's scheduled instant to a matchFound push. */
  readonly matchFoundMs: number[] = [];
  /** Real ms from sending the report that decided a match to each of its players' 'done' push. */
  readonly settlePushMs: number[] = [];
  /** user:badge → badgeGranted pushes. */
  readonly badgePushes = new Map<string, number>();
  /** Reports sent: status by outcome. */
  readonly reports = { accepted: 0, late: 0, refused: new Map<string, number>() };
  /** Socket drops by close code, and reconnects. */
  readonly drops = new Map<number, number>();
  reconnects = 0;
  relogins = 0;
  /** Pushes by type. */
  readonly pushes = new Map<string, number>();
  /** Each player's last steps (for the report of a failed check). */
  readonly traces = new Map<string, { at: number; step: string }[]>();
  /** Things a player found wrong on the spot (an impossible reply), with when. */
  readonly anomalies: string[] = [];
  /** Screenshots and disputes: accepted, and refusals by code. */
  readonly trust = { uploads: 0, disputes: 0, refused: new Map<string, number>() };
  /** match → real ms when each of its reports was sent (the settlement push follows the last one before it). */
  readonly reportsSentMs = new Map<string, number[]>();
  /** ready check → user → the last state they saw of it (push or HTTP), with when (simulated). */
  readonly readySeen = new Map<string, Map<string, { view: ReadyCheck; via: SeenVia; at: number }>>();
  /** Presses of 準備完了: accepted, refused by code; checks a player chose not to answer. */
  /** Presses the server took and refused, and the checks a player left unanswered (away from the screen). */
  readonly readyPresses = { accepted: 0, refused: new Map<string, number>(), ignored: new Set<string>() };
  /** Real ms from a wave's scheduled instant to a readyCheck push that opened a check. */
  readonly readyCheckMs: number[] = [];
  /** Accepted leaves of the queue: user → [sent, answered] (simulated; a leave during a check fails it: they know). */
  readonly leaves = new Map<string, [number, number][]>();

  trace(userId: string, at: number, step: string): void {
    const list = this.traces.get(userId) ?? [];
    list.push({ at, step });
    if (list.length > 400) list.shift();
    this.traces.set(userId, list);
  }

  count<K>(map: Map<K, number>, key: K, by = 1): void {
    map.set(key, (map.get(key) ?? 0) + by);
  }
}

/** The game of each match, decided once (every player of the match gets the same). */
class Referee {
  private readonly games = new Map<string, SimulatedGame>();
  private readonly metas = new Map<string, SeasonMeta>();
  constructor(
    private readonly seed: number,
    private readonly players: ReadonlyMap<string, SimPlayer>,
    private readonly reportWindowMinutes: number,
  ) {}

  gameOf(view: CurrentMatch, seasonId: string): SimulatedGame {
    const known = this.games.get(view.match_id);
    if (known) return known;
    let meta = this.metas.get(seasonId);
    if (!meta) {
      meta = seasonMeta(this.seed, seasonId);
      this.metas.set(seasonId, meta);
    }
    const seats = [view.team_a, view.team_b].flatMap((team) =>
      team.players.map((p) => ({
        user_id: p.user_id,
        team: team.team_id,
        role: p.role ?? 'MIDDLE',
        rate: p.rate,
      })),
    );
    const game = playMatch({
      seats,
      first_attack: view.team_a.is_first_attack ? 'A' : 'B',
      player: (id) => this.players.get(id) as SimPlayer,
      meta,
      started_at: view.started_at,
      deadline: reportDeadline(view.started_at, { reportWindowMinutes: this.reportWindowMinutes }),
      random: {
        match: stream(this.seed, `rehearsal-match:${view.match_id}`),
        reports: stream(this.seed, `rehearsal-reports:${view.match_id}`),
      },
    });
    this.games.set(view.match_id, game);
    return game;
  }
}

type State = 'away' | 'idle' | 'queued' | 'playing' | 'banned' | 'blocked';

interface Playing {
  matchId: string;
  view: CurrentMatch;
  game: SimulatedGame;
  settled: boolean;
  /** When the player is done with the match (simulated). */
  doneAt: number;
}

class Client {
  token: string | null = null;
  state: State = 'away';
  sessionEnd = 0;
  joinedAt: number | null = null;
  droppedSinceJoin = false;
  playing: Playing | null = null;
  /** Matches this player already handled (a matchFound after a reconnect read must not start it twice). */
  readonly handled = new Set<string>();
  /** Ready checks this player decided on (answer or not), so a push and an HTTP read decide once. */
  private readonly decided = new Set<string>();
  /** While their own leave is under way: a check it fails is not a removal to come back from. */
  private leaving = false;
  readonly socket: PlayerSocket;
  private readonly random;
  private readonly trustRandom;
  private readonly readyRandom;
  /** A wake-up a waiting player set for itself. */
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly player: SimPlayer,
    readonly index: number,
    private readonly community: Community,
  ) {
    const { api, clock } = community.options;
    this.random = stream(community.options.seed, `rehearsal-client:${player.user_id}`);
    // Screenshots and disputes draw from their own stream: the evening's other choices stay as they were.
    this.trustRandom = stream(community.options.seed, `rehearsal-trust:${player.user_id}`);
    this.readyRandom = stream(community.options.seed, `rehearsal-ready:${player.user_id}`);
    this.socket = new PlayerSocket(
      () => (this.token ? `${api.baseOf(index).replace('http', 'ws')}/api/ws?token=${this.token}` : null),
      {
        message: (message, atMs) => community.guard(() => this.onPush(message, atMs)),
        reconnected: () => {
          this.note('socket reconnected');
          community.seen.reconnects += 1;
          this.droppedSinceJoin = true;
          community.guard(() => this.catchUp('reconnect'));
        },
        opened: () => {
          this.note('socket open');
          // A socket that opens after the player joined may have missed a push: read the state, as after a drop.
          if (this.state === 'queued') community.guard(() => this.catchUp('reconnect'));
        },
        dropped: (code) => {
          this.note(`socket dropped ${code}`);
          this.droppedSinceJoin = true;
        },
        refused: (code) => {
          this.note(`socket refused ${code}`);
          if (code === CLOSE_BANNED) this.banned();
          else community.guard(() => this.signIn(true).then(() => this.socket.open()));
        },
      },
      (attempt) =>
        clock.sleep(Math.min(30, 1 + attempt * 2)).then(() => {
          if (community.isStopped) throw new Error('stopped');
        }),
    );
  }

  private get api() {
    return this.community.options.api;
  }
  private get clock() {
    return this.community.options.clock;
  }
  private get seen() {
    return this.community.seen;
  }
  get id(): string {
    return this.player.user_id;
  }

  private note(step: string): void {
    this.seen.trace(this.id, this.clock.now(), step);
  }

  /** A call as this player; signs in again once when the token has expired. */
  private async call<T>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    if (!this.token) await this.signIn(false);
    let reply = await this.api.call<T>(method, path, { token: this.token, body });
    if (reply.status === 401) {
      await this.signIn(true);
      reply = await this.api.call<T>(method, path, { token: this.token, body });
    }
    if (reply.status === 403 && (reply.body as { code?: string })?.code === 'BANNED') this.banned();
    return reply;
  }

  private async signIn(again: boolean): Promise<void> {
    // A test account (created at its first sign-in with a name and start rate), or a moved-in player through Discord.
    const reply = await this.community.options.signIn.as(this.id, {
      trainer_name: trainerName(this.id),
      rate: this.player.start_rate,
    });
    if (reply.status === 403) {
      this.banned();
      return;
    }
    if (reply.status !== 200 || !reply.token)
      throw new Error(`${this.id}: sign-in answered ${reply.status} ${reply.code ?? ''}`);
    if (again) this.seen.relogins += 1;
    this.token = reply.token;
  }

  /** A session begins: sign in, open the socket, join. */
  async arrive(session: PlannedSession): Promise<void> {
    if (this.state === 'banned' || this.state === 'blocked') return;
    this.sessionEnd = Math.max(this.sessionEnd, session.end);
    if (this.state !== 'away') return; // still busy with the last session's match: the new one extends it
    this.state = 'idle';
    this.note(`arrives until ${Math.round((this.sessionEnd - this.clock.now()) / 60)} min later`);
    if (!this.token) await this.signIn(false);
    // Some connections break once in a session (a phone changing networks): the socket reconnects by itself.
    if (this.random.chance(DROP_CHANCE)) {
      this.community.at(this.clock.now() + this.random.int(Math.max(60, this.sessionEnd - this.clock.now())), () => {
        if (this.state !== 'away' && this.state !== 'banned') {
          this.note('connection breaks');
          this.socket.drop();
        }
      });
    }
    // As the web app: the socket first (its pushes are how a match is announced), then the queue.
    this.socket.open();
    await this.socket.ready(new Promise((resolve) => setTimeout(resolve, SOCKET_PATIENCE_MS)));
    await this.join();
  }

  private wake(at: number, fn: () => unknown): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = this.community.at(at, () => {
      this.timer = null;
      fn();
    });
  }

  private leaveForToday(): void {
    this.note('goes away');
    this.state = 'away';
    this.joinedAt = null;
    this.socket.close();
  }

  /** Joins the queue, or decides what to do when refused. */
  async join(): Promise<void> {
    if (this.state !== 'idle') return;
    const now = this.clock.now();
    if (now >= this.sessionEnd) {
      this.leaveForToday();
      return;
    }
    const reply = await this.call<{ in_queue?: boolean; code?: string }>('POST', '/api/queue/join', {
      roles: this.player.roles,
    });
    if (this.state !== 'idle') return;
    if (reply.status === 200) {
      this.state = 'queued';
      this.note('joined');
      this.joinedAt = now;
      // A socket the server has not registered yet as the player joins (a busy start) misses the pushes until then:
      // once it is, the player reads what they missed over HTTP, as after a drop.
      this.droppedSinceJoin = !this.socket.isRegistered;
      if (!this.socket.isRegistered) {
        void this.socket.whenRegistered().then(() => {
          if (this.state === 'queued') this.community.guard(() => this.catchUp('reconnect'));
        });
      }
      const list = this.seen.joins.get(this.id) ?? [];
      list.push(now);
      this.seen.joins.set(this.id, list);
      this.wake(this.sessionEnd, () => this.leave());
      this.afterNextWave();
      return;
    }
    const code = reply.body?.code ?? String(reply.status);
    this.note(`join refused: ${code}`);
    this.seen.count(this.seen.refusedJoins, code);
    switch (code) {
      case 'BANNED':
        return;
      case 'QUEUE_PENALTY_BLOCKED':
        this.state = 'blocked';
        this.leaveForToday();
        this.state = 'blocked';
        return;
      case 'QUEUE_IN_MATCH':
        // A match this player has not seen yet (its push was missed): read it.
        await this.catchUp('no-push');
        if (this.state === 'idle') this.wake(now + POLL_SECONDS, () => this.join());
        return;
      default:
        // A penalty timeout or no open season: try again a little later, while the session lasts.
        this.wake(now + (code === 'QUEUE_PENALTY_TIMEOUT' || code === 'QUEUE_SUSPENDED' ? 10 * 60 : 2 * 60), () =>
          this.join(),
        );
    }
  }

  /**
   * As the web app: shortly after each wave, a queued player reads their queue status; when the entry is gone, they
   * read their match over HTTP (which the checks count as a missed push unless the socket had dropped).
   */
  private afterNextWave(): void {
    const wave = Math.floor(this.clock.now() / 120) * 120 + 120;
    // The web app's 3 s are a browser's real seconds: on the fast clock, that many simulated seconds more.
    this.community.at(wave + (WAVE_SETTLE_MS / 1000) * this.clock.speed, async () => {
      if (this.state !== 'queued') return;
      const status = await this.call<{ in_queue: boolean }>('GET', '/api/queue/me');
      if (this.state !== 'queued') return;
      if (status.status === 200 && !status.body.in_queue) {
        await this.catchUp('no-push');
        // Out of the queue, with no match: a ready check removed them (the checks say whether they were told); the
        // page shows the join button again, and they press it.
        if (this.state === 'queued') {
          this.note('out of the queue without a match: joins again');
          this.state = 'idle';
          this.joinedAt = null;
          await this.join();
          return;
        }
      }
      if (this.state === 'queued') this.afterNextWave();
    });
  }

  /** The session is over while waiting in the queue. */
  private async leave(): Promise<void> {
    if (this.state !== 'queued') return;
    this.note('leaves the queue');
    this.leaving = true;
    try {
      const sent = this.clock.now();
      const reply = await this.call('POST', '/api/queue/leave');
      if (this.state !== 'queued' || reply.status !== 200) return;
      this.seen.leaves.set(this.id, [...(this.seen.leaves.get(this.id) ?? []), [sent, this.clock.now()]]);
      // A wave may have matched the player just before the leave: the web app shows the match then.
      await this.catchUp('left');
      if (this.state === 'queued') this.leaveForToday();
    } finally {
      this.leaving = false;
    }
  }

  private onPush(message: ServerMessage, atMs: number): Promise<void> | undefined {
    this.seen.count(this.seen.pushes, message.type);
    if (message.type !== 'queueDiff' && message.type !== 'queueInfo')
      this.note(`push ${message.type} ${JSON.stringify(message).slice(0, 80)}`);
    switch (message.type) {
      case 'matchFound': {
        // Read over HTTP a moment ago because the push was late rather than lost: it still came.
        const seen = this.seen.seen.get(message.match_id)?.get(this.id);
        if (seen?.why === 'no-push' && seen.atMs !== undefined && atMs - seen.atMs < PUSH_GRACE_MS) {
          seen.via = 'socket';
          seen.why = null;
          seen.latePushMs = atMs - seen.atMs;
        }
        return this.found(message.match_id, 'socket', atMs);
      }
      case 'matchUpdate':
        if (message.data.status === 'done') this.settledPush(message.data.match_id, atMs);
        return;
      case 'readyCheck':
        if (message.data.status === 'open' && message.data.ready_count === 0) {
          this.seen.readyCheckMs.push(Math.round(atMs - this.clock.realMsAt(waveSlotOf(message.data.opened_at))));
        }
        return this.onReadyCheck(message.data, 'socket');
      case 'badgeGranted':
        this.seen.count(this.seen.badgePushes, `${this.id}:${message.badge_id}`);
        return;
      default:
        return;
    }
  }

  /** After a reconnect (or a refused join): what the player may have missed, over HTTP. */
  private async catchUp(why: ReadWhy): Promise<void> {
    // As the web app: the ready check the player may be in (or that ended while they were away), then the match.
    const ready = await this.call<{ ready_check: ReadyCheck | null }>('GET', '/api/queue/ready-check');
    if (ready.status === 200 && ready.body.ready_check) await this.onReadyCheck(ready.body.ready_check, 'http');
    const reply = await this.call<{ match: CurrentMatch | null }>('GET', '/api/matches/me');
    const match = reply.body?.match;
    if (reply.status === 200 && match && !this.handled.has(match.match_id)) {
      await this.found(match.match_id, 'http', Date.now(), match, this.droppedSinceJoin ? 'reconnect' : why);
    }
    if (match && this.playing?.matchId === match.match_id && match.status === 'done') {
      this.settledPush(match.match_id, null);
    }
  }

  /**
   * A ready check as the player sees it: an open one is answered a few seconds later (or, now and then, not at all:
   * the player is away); a failed one that removed them sends them away from the queue until they may come back.
   */
  private async onReadyCheck(view: ReadyCheck, via: SeenVia): Promise<void> {
    const byUser = this.seen.readySeen.get(view.ready_check_id) ?? new Map();
    this.seen.readySeen.set(view.ready_check_id, byUser);
    byUser.set(this.id, { view, via, at: this.clock.now() });
    if (view.status === 'open' && !view.me_ready && !this.decided.has(view.ready_check_id)) {
      this.decided.add(view.ready_check_id);
      if (this.readyRandom.chance(READY_IGNORE_SHARE)) {
        this.note(`ignores ready check ${view.ready_check_id}`);
        this.seen.readyPresses.ignored.add(view.ready_check_id);
        return;
      }
      const at = this.clock.now() + READY_DELAY.min + this.readyRandom.int(READY_DELAY.spread);
      this.community.at(at, () => this.pressReady(view.ready_check_id));
      return;
    }
    if (view.status === 'failed' && view.my_outcome === 'removed' && this.state === 'queued' && !this.leaving) {
      this.note(`removed by ready check ${view.ready_check_id} (timeout until ${view.timeout_until})`);
      this.state = 'idle';
      this.joinedAt = null;
      const back = view.timeout_until ?? this.clock.now() + NO_SHOW_RETURN + this.readyRandom.int(NO_SHOW_RETURN);
      this.wake(back + 1, () => this.join());
    }
  }

  private async pressReady(readyCheckId: string): Promise<void> {
    if (this.state !== 'queued') return;
    const reply = await this.call<{ code?: string }>('POST', '/api/queue/ready-check/ready', {
      ready_check_id: readyCheckId,
    });
    if (reply.status === 200) {
      this.seen.readyPresses.accepted += 1;
      return;
    }
    const code = reply.body?.code ?? String(reply.status);
    this.note(`ready press refused: ${code}`);
    this.seen.count(this.seen.readyPresses.refused, code);
    if (code === 'READY_CHECK_NOT_FOUND') this.seen.anomalies.push(`${this.id}: ready check ${readyCheckId} not found`);
  }

  /** A match for this player: read it, subscribe, host the lobby, report at the time the game says. */
  private async found(
    matchId: string,
    via: SeenVia,
    atMs: number,
    known?: CurrentMatch,
    why: ReadWhy | null = null,
  ): Promise<void> {
    if (this.handled.has(matchId) || this.state === 'banned') return;
    this.handled.add(matchId);
    this.note(`found ${matchId} via ${via}`);
    const now = this.clock.now();
    const byUser = this.seen.seen.get(matchId) ?? new Map<string, MatchSeen>();
    this.seen.seen.set(matchId, byUser);
    byUser.set(this.id, { via, at: now, why, atMs: Date.now() });
    if (this.joinedAt !== null) this.seen.waits.push(now - this.joinedAt);
    let view = known;
    if (!view) {
      const reply = await this.call<CurrentMatch>('GET', '/api/matches/current');
      if (this.isBanned()) return; // banned as the match was made: the match runs without them
      if (reply.status !== 200 || reply.body.match_id !== matchId) {
        this.seen.anomalies.push(`${this.id}: matchFound ${matchId} but /api/matches/current answered ${reply.status}`);
        return;
      }
      view = reply.body;
    }
    // From the match's start: the tenth 準備完了 (the wave opened the check before).
    if (via === 'socket') this.seen.matchFoundMs.push(Math.round(atMs - this.clock.realMsAt(view.matched_unixtime)));
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.state === 'playing' && this.playing && this.playing.matchId !== matchId) {
      this.seen.anomalies.push(`${this.id}: matched into ${matchId} while playing ${this.playing.matchId}`);
    }
    this.state = 'playing';
    this.joinedAt = null;
    const season = this.community.seasonOf(view);
    const game = this.community.referee.gameOf(view, season);
    const playing: Playing = {
      matchId,
      view,
      game,
      settled: view.status === 'done',
      doneAt: game.done_at.get(this.id) ?? view.started_at + 20 * 60,
    };
    this.playing = playing;
    this.socket.send({ action: 'subscribeMatch', matchId });

    if (view.host_user_id === this.id && !view.lobby_id) {
      this.community.at(Math.max(now, view.started_at) + LOBBY_DELAY + this.random.int(60), () =>
        this.call('POST', '/api/matches/lobby/update', { lobby_id: game.lobby_id }),
      );
    }
    const report = game.reports.find((r) => r.user_id === this.id);
    const deadline = reportDeadline(view.started_at, {
      reportWindowMinutes: this.community.options.reportWindowMinutes,
    });
    if (report && !view.has_reported) {
      this.community.at(report.reported_at, () => this.report(playing, report, false));
    } else if (!report && this.random.chance(LATE_REPORT_SHARE)) {
      // Comes back after the window closed and tries to report anyway.
      const late = { ...(game.reports[0] ?? { result: 'invalid' }), user_id: this.id } as (typeof game.reports)[0];
      this.community.at(deadline + 60 + this.random.int(20 * 60), () => this.report(playing, late, true));
    }
    this.community.at(playing.doneAt, () => this.done(playing));
  }

  private async report(playing: Playing, report: SimulatedGame['reports'][number], late: boolean): Promise<void> {
    if (this.state === 'banned') return;
    // Some who name a player attach a screenshot, sent first as the web app does.
    const evidence =
      report.violation_report !== '' && this.trustRandom.chance(SCREENSHOT_SHARE) ? await this.upload(playing) : null;
    const body = {
      result: report.result,
      banned_pokemon: report.banned_pokemon,
      picked_pokemon: report.picked_pokemon,
      pokemon_move1: report.pokemon_move1,
      pokemon_move2: report.pokemon_move2,
      violation_report: report.violation_report,
      // The simulation names leavers and culprits of void matches: they left or went idle.
      violation_reason: report.violation_report === '' ? '' : report.result === 'invalid' ? 'leave' : 'afk',
      evidence_id: evidence,
    };
    const sent = this.seen.reportsSentMs.get(playing.matchId) ?? [];
    sent.push(Date.now());
    this.seen.reportsSentMs.set(playing.matchId, sent);
    const reply = await this.call<{ status?: string; code?: string }>(
      'POST',
      `/api/matches/${playing.matchId}/report`,
      body,
    );
    if (reply.status === 200) {
      if (late) this.seen.anomalies.push(`${this.id}: a report after the deadline of ${playing.matchId} was accepted`);
      this.seen.reports.accepted += 1;
      return;
    }
    const code = reply.body?.code ?? String(reply.status);
    if (late) this.seen.reports.late += 1;
    this.seen.count(this.seen.reports.refused, code);
  }

  private async upload(playing: Playing): Promise<number | null> {
    const reply = await this.api.call<{ evidence_id?: number; code?: string }>(
      'POST',
      `/api/evidence?match_id=${playing.matchId}`,
      { token: this.token, image: { type: 'image/png', bytes: SCREENSHOT } },
    );
    if (reply.status === 200 && reply.body.evidence_id) {
      this.seen.trust.uploads += 1;
      return reply.body.evidence_id;
    }
    this.seen.count(this.seen.trust.refused, `upload ${reply.body?.code ?? reply.status}`);
    return null;
  }

  /** A player who sees their match settled against what happened contests it (some of them). */
  private async disputeIfWrong(playing: Playing): Promise<void> {
    const summary = await this.call<{ winner_team?: 'A' | 'B' | null }>(
      'GET',
      `/api/matches/${playing.matchId}/summary`,
    );
    if (summary.status !== 200) return;
    const truth = playing.game.outcome;
    const settled = summary.body.winner_team === 'A' ? 'A-win' : summary.body.winner_team === 'B' ? 'B-win' : 'invalid';
    // A player whose own report lost the vote (a liar, a misclick) contests it now and then, too.
    const mine = playing.game.reports.find((r) => r.user_id === this.id)?.result;
    const outvoted = mine !== undefined && mine !== settled && this.trustRandom.chance(OUTVOTED_DISPUTE_SHARE);
    if (settled === truth && !outvoted) return;
    const reply = await this.call<{ code?: string }>('POST', `/api/matches/${playing.matchId}/dispute`, {
      reason: mine === 'invalid' ? 'should_be_void' : settled === 'invalid' ? 'should_count' : 'wrong_result',
      note: 'リハーサル: 実際の結果と違います',
    });
    if (reply.status === 200) this.seen.trust.disputes += 1;
    else this.seen.count(this.seen.trust.refused, `dispute ${reply.body?.code ?? reply.status}`);
  }

  private settledPush(matchId: string, atMs: number | null): void {
    const playing = this.playing;
    if (!playing || playing.matchId !== matchId || playing.settled) return;
    playing.settled = true;
    // Settled by a report (not by the deadline): the push follows the last report sent before it.
    const before = (this.seen.reportsSentMs.get(matchId) ?? []).filter((t) => atMs !== null && t <= atMs);
    if (atMs !== null && before.length > 0 && atMs - Math.max(...before) < 5000) {
      this.seen.settlePushMs.push(atMs - Math.max(...before));
    }
    if (this.clock.now() >= playing.doneAt) this.community.guard(() => this.done(playing));
  }

  /** Done with the match: once it settled, queue again while the session lasts (or wait for the settlement). */
  private async done(playing: Playing): Promise<void> {
    if (this.playing !== playing || this.state !== 'playing') return;
    const now = this.clock.now();
    if (!playing.settled) {
      // Not settled as far as this player knows: look over HTTP, then wait (patience as in the simulation).
      const reply = await this.call<{ match: CurrentMatch | null }>('GET', '/api/matches/me');
      const match = reply.body?.match;
      if (reply.status === 200 && (!match || match.match_id !== playing.matchId || match.status === 'done')) {
        playing.settled = true;
      } else if (now - playing.doneAt < SETTLE_PATIENCE) {
        this.wake(now + POLL_SECONDS, () => this.done(playing));
        return;
      } else {
        this.playing = null;
        this.leaveForToday();
        return;
      }
    }
    if (this.playing !== playing) return;
    // Looking at the result (and contesting it) goes on beside queueing again, as in another tab.
    if (this.trustRandom.chance(CHECK_RESULT_SHARE)) this.community.guard(() => this.disputeIfWrong(playing));
    this.playing = null;
    this.state = 'idle';
    this.note(`done with ${playing.matchId}`);
    this.socket.send({ action: 'unsubscribeMatch', matchId: playing.matchId });
    await this.join();
  }

  isBanned(): boolean {
    return this.state === 'banned';
  }

  banned(): void {
    if (this.state === 'banned') return;
    this.note('banned');
    this.state = 'banned';
    if (this.timer) clearTimeout(this.timer);
    this.socket.close();
    this.community.options.onBanned?.(this.id);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.socket.close();
  }
}

/** The wave a match was made in: the even minute at or before it (Japan time has whole-hour offsets). */
export function waveSlotOf(unix: number): number {
  return Math.floor(unix / 120) * 120;
}

export const trainerName = (id: string) => `リハ${id.replace(/^dummy_/, '')}`;

export class Community {
  readonly seen = new Observations();
  readonly referee: Referee;
  readonly clients: Client[];
  private readonly byId: Map<string, Client>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  /** The season a match belongs to, as the players learn it (the active season when they first see a match). */
  private readonly seasonByMatch = new Map<string, string>();
  activeSeason = '';

  constructor(readonly options: CommunityOptions) {
    const players = new Map(options.players.map((p) => [p.user_id, p]));
    this.referee = new Referee(options.seed, players, options.reportWindowMinutes);
    this.clients = options.players.map((p, i) => new Client(p, i, this));
    this.byId = new Map(this.clients.map((c) => [c.id, c]));
  }

  client(id: string): Client | undefined {
    return this.byId.get(id);
  }

  seasonOf(view: CurrentMatch): string {
    let season = this.seasonByMatch.get(view.match_id);
    if (!season) {
      season = this.activeSeason;
      this.seasonByMatch.set(view.match_id, season);
    }
    return season;
  }

  /**
   * Runs a player's action at a simulated instant; a failure is recorded as an anomaly (a player would see an error
   * page). Nothing runs once the rehearsal stopped.
   */
  at(unix: number, action: () => unknown): NodeJS.Timeout {
    const timer = this.options.clock.at(unix, () => {
      this.timers.delete(timer);
      if (this.stopped) return;
      this.guard(action);
    });
    this.timers.add(timer);
    return timer;
  }

  /** Runs an action, recording its failure (unless the rehearsal has stopped). */
  guard(action: () => unknown): void {
    Promise.resolve()
      .then(action)
      .catch((err: unknown) => {
        if (!this.stopped) this.seen.anomalies.push(`${(err as Error).message}`);
      });
  }

  /**
   * Plans the sessions of [planned, to) and starts each at its time, from `from` on (the same plan whenever the servers
   * came up). Sessions that began in the hours before and still go on are joined in the first minutes (the rehearsal
   * starts in the middle of an evening).
   */
  schedule(planned: number, to: number, from = planned): number {
    const random = stream(this.options.seed, `rehearsal-sessions:${planned}`);
    const sessions = planSessions(
      this.options.players,
      planned - ONGOING_LOOKBACK,
      to,
      resolveMatchingHoursConfig(),
      random,
    ).filter((s) => s.end > from + 10 * 60);
    for (const session of sessions) {
      const client = this.byId.get(session.player.user_id) as Client;
      const at = session.time >= from ? session.time : from + random.int(5 * 60);
      this.at(at, () => client.arrive(session));
    }
    return sessions.length;
  }

  /** Who is where now (for the operators' choices). */
  inState(state: State): string[] {
    return this.clients.filter((c) => c.state === state).map((c) => c.id);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.clients) c.stop();
  }
}
