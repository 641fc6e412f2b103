import type { FakePushService } from '../test/helpers/fake-push.ts';
import type { Api } from './api.ts';
import type { RehearsalClock } from './clock.ts';
import type { Community } from './community.ts';
import type { SignIn } from './sign-in.ts';

// The people who run the site, through the admin API as the admin panel calls it: they set the seasons up before the
// day, then during the evening ban a player, suspend two queued players from matching (one for an hour, the other
// lifted early), correct a result, edit the rules, give a leaver's team-mates their rate back and close moderation
// cases (one dismissed, one with a warning), and one supporter buys a badge through the test payment. Nobody presses the wave, gather or season-end buttons. What they did is kept, with what
// they saw right after, for the checks.

export interface SeasonPlan {
  id: string;
  name: string;
  start: number;
  end: number;
}

export interface OperatorLog {
  /** Admin writes, by audit action, that must each have their audit row. */
  audited: { action: string; target: string }[];
  ban: { userId: string; at: number; wasQueued: boolean; inQueueAfter: boolean | null; refusedAfter: boolean } | null;
  correction: { matchId: string; from: 'A' | 'B'; to: 'A' | 'B'; at: number } | null;
  rules: { at: number; shownAfter: boolean; shown: string } | null;
  purchase: {
    userId: string;
    badgeId: string;
    sessionId: string;
    status: string | null;
    replayRefused: boolean;
  } | null;
  /** Matching suspensions from the user tab: the one kept for its hour, and the one lifted early. */
  suspensions: {
    userId: string;
    suspensionId: number;
    at: number;
    liftedAt: number | null;
    inQueueAfter: boolean | null;
  }[];
  /** Team-mates given back their rate: the match, who left (named 途中離脱 or 放置・AFK) and who got it back. */
  refunds: { matchId: string; leaverId: string; at: number; refunded: string[] }[];
  /** Lost matches of the running season with an unconfirmed named leaver, seen at each try (0: nothing to refund). */
  refundCandidates: number[];
  /** Cases closed: with whom they were about, the reporters given a device first and what their page showed. */
  cases: {
    caseId: number;
    kind: string;
    action: 'dismiss' | 'warn';
    at: number;
    warned: string | null;
    /** Reporters (disputers) who subscribed a phone before the case closed. */
    devices: { userId: string; deviceId: string }[];
    /** Of those, who found the outcome on their page afterwards (GET /api/users/me/report-outcomes). */
    listed: string[];
  }[];
  /** How many open cases the queue listed when the operators came to it. */
  openCases: number | null;
  /** Disputes filed by losers of recent matches when too few cases had been raised by players (see actOnCases). */
  contested: number;
  /** What went wrong for the operators (a refused admin call, a check right after an action). */
  problems: string[];
}

export const SUPPORTER_BADGE = 'badge_102';
export const RULES_TEXT = '## リハーサルで更新したルール\n\n- 試合後は必ず結果を報告してください。';

/** How many more times the correction looks, 8 simulated minutes apart, when nothing is settled yet. */
const CORRECTION_TRIES = 12;

export class Operators {
  readonly log: OperatorLog = {
    audited: [],
    ban: null,
    correction: null,
    rules: null,
    purchase: null,
    suspensions: [],
    refunds: [],
    refundCandidates: [],
    cases: [],
    openCases: null,
    contested: 0,
    problems: [],
  };
  private token = '';

  constructor(
    private readonly api: Api,
    private readonly clock: RehearsalClock,
    private readonly community: Community,
    /** The phones' push service: the reporters' devices subscribe there. */
    private readonly push: FakePushService | null = null,
    /** Players' sign-ins (a supporter, a disputer, a phone's owner): test accounts or Discord. */
    private readonly players: SignIn = community.options.signIn,
  ) {}

  private async admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
    if (!this.token) await this.signIn();
    let reply = await this.api.call<T>(method, path, { token: this.token, body });
    if (reply.status === 401) {
      await this.signIn();
      reply = await this.api.call<T>(method, path, { token: this.token, body });
    }
    return reply;
  }

  private async signIn(): Promise<void> {
    const reply = await this.api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', {
      body: { user_id: 'dummy_admin' },
    });
    if (reply.status !== 200) throw new Error(`the admin could not sign in (${reply.status})`);
    this.token = reply.body.access_token;
  }

  private expectOk(what: string, reply: { status: number; body?: unknown; code?: string | null }): boolean {
    if (reply.status === 200) return true;
    this.log.problems.push(`${what}: ${reply.status} ${JSON.stringify(reply.body ?? reply.code).slice(0, 200)}`);
    return false;
  }

  /**
   * Before the day: the running season and the next one, created and the first activated. A season the site already
   * runs (an imported community's) is kept, its end moved to the plan's date.
   */
  async setUpSeasons(plans: readonly SeasonPlan[]): Promise<void> {
    type Listed = {
      id: string;
      name: string;
      description: string;
      start_date: number;
      image_url: string;
      theme_color: string;
      is_active: boolean;
    };
    const listed = await this.admin<Listed[]>('GET', '/api/admin/seasons');
    const existing = new Map((listed.status === 200 ? listed.body : []).map((x) => [x.id, x]));
    for (const plan of plans) {
      const known = existing.get(plan.id);
      if (known) {
        const { name, description, start_date, image_url, theme_color } = known;
        const reply = await this.admin('PUT', `/api/admin/seasons/${plan.id}`, {
          name,
          description,
          start_date,
          end_date: plan.end,
          image_url,
          theme_color,
        });
        if (this.expectOk(`season ${plan.id} (its end)`, reply))
          this.log.audited.push({ action: 'season.update', target: plan.id });
        continue;
      }
      const reply = await this.admin('POST', '/api/admin/seasons', {
        id: plan.id,
        name: plan.name,
        start_date: plan.start,
        end_date: plan.end,
      });
      if (this.expectOk(`season ${plan.id}`, reply))
        this.log.audited.push({ action: 'season.create', target: plan.id });
    }
    const first = plans[0];
    if (!first || existing.get(first.id)?.is_active) return;
    const reply = await this.admin('POST', `/api/admin/seasons/${first.id}/activate`);
    if (this.expectOk(`activate ${first.id}`, reply))
      this.log.audited.push({ action: 'season.activate', target: first.id });
  }

  /** Bans a player who is waiting in the queue (or, failing that, one who is playing). */
  async banSomeone(): Promise<void> {
    const queued = this.community.inState('queued');
    const candidates = queued.length > 0 ? queued : this.community.inState('playing');
    const userId = candidates[0];
    if (!userId) {
      this.log.problems.push('ban: nobody was online to ban');
      return;
    }
    const at = this.clock.now();
    const reply = await this.admin('PUT', `/api/admin/users/${userId}`, { is_banned: true });
    if (!this.expectOk(`ban ${userId}`, reply)) return;
    this.log.audited.push({ action: 'user.update', target: userId });
    const detail = await this.admin<{ in_queue: boolean }>('GET', `/api/admin/users/${userId}`);
    // The player's own next sign-in is refused.
    const login = await this.players.as(userId);
    this.log.ban = {
      userId,
      at,
      wasQueued: queued.includes(userId),
      inQueueAfter: detail.status === 200 ? detail.body.in_queue : null,
      refusedAfter: login.status === 403 && (login.code ?? '').startsWith('BANNED'),
    };
  }

  /**
   * Corrects the result of the latest match settled with a winner: the other team won. Only matches played from
   * `since(now)` on: not an imported community's own history, nor a season that has ended since (its records are
   * final). Looks again later while a try still falls before `until` (the servers stop at the evening's end).
   */
  async correctAResult(since: (now: number) => number, until: number, triesLeft = CORRECTION_TRIES): Promise<void> {
    const from = since(this.clock.now());
    const list = await this.admin<{ matches: { match_id: string; status: string; started_at: number }[] }>(
      'GET',
      '/api/admin/matches?status=done',
    );
    if (!this.expectOk('match list', list)) return;
    for (const { match_id: matchId, started_at: started } of list.body.matches) {
      if (started < from) continue;
      const detail = await this.admin<{ winner_team: 'A' | 'B' | null }>('GET', `/api/admin/matches/${matchId}`);
      const was = detail.body.winner_team;
      if (detail.status !== 200 || !was) continue;
      const to = was === 'A' ? 'B' : 'A';
      const at = this.clock.now();
      const reply = await this.admin('POST', `/api/admin/matches/${matchId}/result`, { winner: to });
      if (!this.expectOk(`correct ${matchId}`, reply)) return;
      this.log.audited.push({ action: 'match.correct', target: matchId });
      this.log.correction = { matchId, from: was, to, at };
      return;
    }
    // None settled yet (a busy machine makes the evening's first matches late, and many ready checks fail): look
    // again a little later.
    const next = this.clock.now() + 8 * 60;
    if (triesLeft > 0 && next < until) {
      this.clock.at(next, () => {
        this.correctAResult(since, until, triesLeft - 1).catch((err: unknown) =>
          this.log.problems.push(`correction: ${(err as Error).message}`),
        );
      });
      return;
    }
    this.log.problems.push('correction: no settled match with a winner yet');
  }

  /**
   * Sets the ready check's window before the evening. At the rehearsal's speed the default 60 seconds are 0.4 s of
   * wall time for ten players' pushes and presses to travel, less than a busy machine's lag: most checks then failed
   * for the machine, not for the players (59 of 76 in one CI run).
   */
  async setReadyWindow(seconds: number): Promise<void> {
    const reply = await this.admin('PUT', '/api/master/settings', { id: 'ready_check_seconds', value: seconds });
    if (this.expectOk('ready check window', reply))
      this.log.audited.push({ action: 'settings.update', target: 'ready_check_seconds' });
  }

  /** Edits the rules text; the public page shows it at once. */
  async editRules(): Promise<void> {
    const at = this.clock.now();
    const reply = await this.admin('PUT', '/api/master/settings', { id: 'rules_content', value: RULES_TEXT });
    if (!this.expectOk('rules', reply)) return;
    this.log.audited.push({ action: 'settings.update', target: 'rules_content' });
    const shown = await this.api.call<{ settings?: { rules_content?: string } }>('GET', '/api/public/master');
    const text = shown.body?.settings?.rules_content ?? '';
    this.log.rules = { at, shownAfter: text === RULES_TEXT, shown: text.slice(0, 80) };
  }

  /** A supporter buys a badge through the test payment, and the same payment is tried again. */
  async buyBadge(userId: string): Promise<void> {
    const login = await this.players.as(userId);
    if (!this.expectOk(`supporter ${userId} sign-in`, login) || !login.token) return;
    const token = login.token;
    const checkout = await this.api.call<{ url: string; session_id: string }>('POST', '/api/shop/checkout', {
      token,
      body: { badgeId: SUPPORTER_BADGE },
    });
    if (!this.expectOk('checkout', checkout)) return;
    const sessionId = checkout.body.session_id;
    const pay = () =>
      this.api.call<{ code?: string }>('POST', `/api/shop/test-checkout/${sessionId}/pay`, {
        body: { card_number: '4242 4242 4242 4242' },
      });
    if (!this.expectOk('test payment', await pay())) return;
    let status: string | null = null;
    for (let i = 0; i < 20 && status !== 'fulfilled'; i++) {
      const order = await this.api.call<{ status: string }>('GET', `/api/shop/orders/${sessionId}`, { token });
      status = order.status === 200 ? order.body.status : null;
      if (status !== 'fulfilled') await new Promise((r) => setTimeout(r, 100));
    }
    const again = await pay();
    this.log.purchase = { userId, badgeId: SUPPORTER_BADGE, sessionId, status, replayRefused: again.status >= 400 };
  }

  /**
   * Suspends a queued player from matching through the user tab (1 hour); `liftAt` lifts it early at that instant.
   * The player keeps signing in; the queue dropped them at once, and their next joins are refused until then.
   */
  async suspendSomeone(liftAt: number | null = null): Promise<void> {
    const taken = new Set([this.log.ban?.userId, ...this.log.suspensions.map((s) => s.userId)]);
    const userId = this.community.inState('queued').find((id) => !taken.has(id));
    if (!userId) {
      this.log.problems.push('suspension: nobody was queued to suspend');
      return;
    }
    const at = this.clock.now();
    const duration = liftAt === null ? '1h' : '24h';
    const reason = liftAt === null ? 'リハーサル: 放置の繰り返し' : 'リハーサル: 誤って停止（あとで解除）';
    const reply = await this.admin<{ suspensions: { suspension_id: number; kind: string; state: string }[] }>(
      'POST',
      `/api/admin/users/${userId}/suspensions`,
      { duration, reason },
    );
    if (!this.expectOk(`suspend ${userId}`, reply)) return;
    this.log.audited.push({ action: 'user.suspend', target: userId });
    const made = reply.body.suspensions.find((s) => s.kind === 'admin' && s.state === 'active');
    if (!made) {
      this.log.problems.push(`suspend ${userId}: no suspension in force listed after it`);
      return;
    }
    const detail = await this.admin<{ in_queue: boolean }>('GET', `/api/admin/users/${userId}`);
    const entry = {
      userId,
      suspensionId: made.suspension_id,
      at,
      liftedAt: null as number | null,
      inQueueAfter: detail.status === 200 ? detail.body.in_queue : null,
    };
    this.log.suspensions.push(entry);
    if (liftAt === null) return;
    this.clock.at(liftAt, () => {
      const lift = async () => {
        const liftedAt = this.clock.now();
        const lifted = await this.admin(
          'POST',
          `/api/admin/users/${userId}/suspensions/${made.suspension_id}/lift`,
          {},
        );
        if (!this.expectOk(`lift ${userId}`, lifted)) return;
        this.log.audited.push({ action: 'user.suspension_lift', target: userId });
        entry.liftedAt = liftedAt;
      };
      lift().catch((err: unknown) => this.log.problems.push(`lift: ${(err as Error).message}`));
    });
  }

  /**
   * Confirms a leaver: in a settled match whose reports named a player 途中離脱 or 放置・AFK and whose team lost, the
   * admin's match view gives the team-mates back their rate (POST /api/admin/matches/:id/refund). One match of the
   * season running (from `seasonStart`), the latest there is; none may have such a leaver yet (the checks want one
   * refund of the evening's two tries).
   */
  async refundTeammates(seasonStart: number): Promise<void> {
    const list = await this.admin<{
      matches: { match_id: string; winner_team: 'A' | 'B' | null; started_at: number }[];
    }>('GET', '/api/admin/matches?status=done');
    if (!this.expectOk('match list for refunds', list)) return;
    type Player = { user_id: string; rate_before: number; rate_after: number | null; refunded_at: number | null };
    const before = this.log.refunds.length;
    let candidates = 0;
    this.log.refundCandidates.push(0);
    const seen = () => {
      candidates += 1;
      this.log.refundCandidates[this.log.refundCandidates.length - 1] = candidates;
    };
    for (const { match_id: matchId, winner_team: winner, started_at: started } of list.body.matches) {
      if (this.log.refunds.length > before) return;
      // The running season's matches only: an ended season's records stay as they were frozen.
      if (winner === null || started < seasonStart || matchId === this.log.correction?.matchId) continue;
      const detail = await this.admin<{
        team_a: { players: Player[] };
        team_b: { players: Player[] };
        refund_options: { user_id: string; confirmed: boolean }[];
      }>('GET', `/api/admin/matches/${matchId}`);
      if (detail.status !== 200) continue;
      for (const option of detail.body.refund_options) {
        if (option.confirmed) continue;
        const team = detail.body.team_a.players.some((p) => p.user_id === option.user_id) ? 'A' : 'B';
        const mates = (team === 'A' ? detail.body.team_a : detail.body.team_b).players;
        // Only a losing team lost rate; the leaver's team-mates who did are given it back.
        if (team === winner || !mates.some((p) => p.user_id !== option.user_id && (p.rate_after ?? 0) < p.rate_before))
          continue;
        seen();
        const at = this.clock.now();
        const reply = await this.admin<{ team_a: { players: Player[] }; team_b: { players: Player[] } }>(
          'POST',
          `/api/admin/matches/${matchId}/refund`,
          { user_id: option.user_id },
        );
        const code = (reply.body as { code?: string } | null)?.code;
        // Nobody left to refund (all penalised, say): another match.
        if (reply.status === 409 && code === 'REFUND_NOTHING_LOST') continue;
        if (!this.expectOk(`refund ${matchId} for ${option.user_id}`, reply)) return;
        this.log.audited.push({ action: 'match.refund', target: matchId });
        const after = [...reply.body.team_a.players, ...reply.body.team_b.players];
        const refunded = after.filter((p) => p.refunded_at !== null).map((p) => p.user_id);
        this.log.refunds.push({ matchId, leaverId: option.user_id, at, refunded });
        break;
      }
    }
  }

  /**
   * The 通報・異議 tab: of the cases the trust scan and the disputes opened, the first raised by players (a dispute,
   * else repeated violations, else any) is dismissed and the next closed with a warning. The disputers subscribe a
   * phone first, so that what they are told goes through the outbox; afterwards they read it on their page.
   */
  async actOnCases(): Promise<void> {
    type Summary = { case_id: number; kind: string; match_id: string | null; user_id: string | null };
    const open = () => this.admin<{ cases: Summary[]; open_count: number }>('GET', '/api/admin/cases?status=open');
    let list = await open();
    if (!this.expectOk('cases', list)) return;
    this.log.openCases = list.body.open_count;
    const raised = list.body.cases.filter((c) => c.kind === 'dispute' || c.kind === 'violations');
    // A short evening may raise fewer than two cases by players: losers of recent matches contest them, then.
    if (raised.length < 2) {
      const disputed = new Set(raised.map((c) => c.match_id));
      await this.contestLosses(2 - raised.length, disputed);
      list = await open();
      if (!this.expectOk('cases', list)) return;
    }
    const rank = (c: Summary) => (c.kind === 'dispute' ? 0 : c.kind === 'violations' ? 1 : 2);
    const cases = [...list.body.cases].sort((a, b) => rank(a) - rank(b));
    const actions = ['dismiss', 'warn'] as const;
    for (const [i, action] of actions.entries()) {
      const c = cases[i];
      if (!c) {
        this.log.problems.push(`cases: only ${cases.length} open, none left to ${action}`);
        return;
      }
      const detail = await this.admin<{
        match: { disputes: { user_id: string }[] } | null;
        players: { user_id: string }[];
      }>('GET', `/api/admin/cases/${c.case_id}`);
      if (!this.expectOk(`case ${c.case_id}`, detail)) return;
      const disputers = [...new Set((detail.body.match?.disputes ?? []).map((d) => d.user_id))];
      // The warning goes to the case's player, or (a match's case) to a player of it who did not dispute.
      const warned =
        action === 'warn'
          ? (c.user_id ?? detail.body.players.find((p) => !disputers.includes(p.user_id))?.user_id ?? null)
          : null;
      if (action === 'warn' && !warned) {
        this.log.problems.push(`case ${c.case_id}: nobody to warn`);
        return;
      }
      const devices: { userId: string; deviceId: string; token: string }[] = [];
      // (A banned disputer cannot sign in: they get no phone.)
      for (const userId of disputers.filter((id) => id !== warned && id !== this.log.ban?.userId).slice(0, 3)) {
        const device = await this.subscribePhone(userId);
        if (device) devices.push({ userId, ...device });
      }
      const at = this.clock.now();
      const body =
        action === 'warn'
          ? { action, user_id: warned, note: 'リハーサル: 試合中の行為について警告します' }
          : { action, note: 'リハーサル: 確認しました' };
      const reply = await this.admin('POST', `/api/admin/cases/${c.case_id}/action`, body);
      if (!this.expectOk(`case ${c.case_id} ${action}`, reply)) return;
      this.log.audited.push({ action: `case.${action}`, target: String(c.case_id) });
      if (warned) this.log.audited.push({ action: 'user.warn', target: warned });
      const listed: string[] = [];
      for (const d of devices) {
        const mine = await this.api.call<{ outcomes: { case_id: number }[] }>('GET', '/api/users/me/report-outcomes', {
          token: d.token,
        });
        if (mine.status === 200 && mine.body.outcomes.some((o) => o.case_id === c.case_id)) listed.push(d.userId);
      }
      this.log.cases.push({
        caseId: c.case_id,
        kind: c.kind,
        action,
        at,
        warned,
        devices: devices.map(({ userId, deviceId }) => ({ userId, deviceId })),
        listed,
      });
    }
  }

  /** A player of the losing team of each of the latest settled matches (not yet disputed) contests the result. */
  private async contestLosses(wanted: number, disputed: Set<string | null>): Promise<void> {
    const list = await this.admin<{ matches: { match_id: string; winner_team: 'A' | 'B' | null }[] }>(
      'GET',
      '/api/admin/matches?status=done',
    );
    if (!this.expectOk('match list for disputes', list)) return;
    const away = new Set([this.log.ban?.userId]);
    let filed = 0;
    for (const { match_id: matchId, winner_team: winner } of list.body.matches) {
      if (filed >= wanted) return;
      if (winner === null || disputed.has(matchId)) continue;
      type Team = { players: { user_id: string }[] };
      const detail = await this.admin<{ team_a: Team; team_b: Team; settled_at: number | null }>(
        'GET',
        `/api/admin/matches/${matchId}`,
      );
      // Settled a while ago: the match's own players have looked at it (and contested it, some) by then.
      if (detail.status !== 200 || (detail.body.settled_at ?? Number.POSITIVE_INFINITY) > this.clock.now() - 30 * 60)
        continue;
      const loser = (winner === 'A' ? detail.body.team_b : detail.body.team_a).players.find(
        (p) => !away.has(p.user_id),
      );
      if (!loser) continue;
      const login = await this.players.as(loser.user_id);
      if (!this.expectOk(`${loser.user_id} sign-in to dispute`, login)) continue;
      const reply = await this.api.call<{ code?: string }>('POST', `/api/matches/${matchId}/dispute`, {
        token: login.token,
        body: { reason: 'wrong_result', note: 'リハーサル: 結果に納得できません' },
      });
      if (reply.status === 409) continue;
      if (!this.expectOk(`dispute ${matchId} by ${loser.user_id}`, reply)) continue;
      filed += 1;
      this.log.contested += 1;
    }
  }

  /** The phones subscribed so far, by player: a player in two closed disputes has one phone, not two. */
  private readonly phones = new Map<string, { deviceId: string; token: string }>();

  /**
   * A player's phone subscribes to push (their own sign-in, as the settings screen does), once: a second phone
   * would receive an earlier case's push too when its outbox row is sent after the second subscription.
   */
  private async subscribePhone(userId: string): Promise<{ deviceId: string; token: string } | null> {
    const known = this.phones.get(userId);
    if (known) return known;
    if (!this.push) return null;
    const login = await this.players.as(userId);
    if (!this.expectOk(`${userId} sign-in for a phone`, login) || !login.token) return null;
    const token = login.token;
    const device = this.push.device();
    const reply = await this.api.call('POST', '/api/notifications/push-subscriptions', {
      token,
      body: device.subscription,
    });
    if (reply.status !== 201 && reply.status !== 200) {
      this.log.problems.push(`${userId} phone: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      return null;
    }
    const phone = { deviceId: device.id, token };
    this.phones.set(userId, phone);
    return phone;
  }

  /** The audit log as the panel reads it (newest first, every page). */
  async auditTrail(): Promise<{ action: string; target_id: string }[]> {
    const entries: { action: string; target_id: string }[] = [];
    let before: number | null = null;
    for (let page = 0; page < 50; page++) {
      const reply: {
        status: number;
        body: { entries: { action: string; target_id: string }[]; next_before_id: number | null };
      } = await this.admin('GET', `/api/admin/audit?limit=100${before ? `&before_id=${before}` : ''}`);
      if (reply.status !== 200) break;
      entries.push(...reply.body.entries);
      before = reply.body.next_before_id;
      if (!before) break;
    }
    return entries;
  }
}
