import type { Api } from './api.ts';
import type { RehearsalClock } from './clock.ts';
import type { Community } from './community.ts';

// The people who run the site, through the admin API as the admin panel calls it: they set the seasons up before the
// day, then during the evening ban a player, correct a result and edit the rules, and one supporter buys a badge
// through the test payment. Nobody presses the wave, gather or season-end buttons. What they did is kept, with what
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
  /** What went wrong for the operators (a refused admin call, a check right after an action). */
  problems: string[];
}

export const SUPPORTER_BADGE = 'badge_102';
export const RULES_TEXT = '## リハーサルで更新したルール\n\n- 試合後は必ず結果を報告してください。';

export class Operators {
  readonly log: OperatorLog = {
    audited: [],
    ban: null,
    correction: null,
    rules: null,
    purchase: null,
    problems: [],
  };
  private token = '';

  constructor(
    private readonly api: Api,
    private readonly clock: RehearsalClock,
    private readonly community: Community,
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

  private expectOk(what: string, reply: { status: number; body: unknown }): boolean {
    if (reply.status === 200) return true;
    this.log.problems.push(`${what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
    return false;
  }

  /** Before the day: the running season and the next one, created and the first activated. */
  async setUpSeasons(plans: readonly SeasonPlan[]): Promise<void> {
    for (const plan of plans) {
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
    if (!first) return;
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
    // The player's own next call is refused.
    const login = await this.api.call<{ code?: string }>('POST', '/api/auth/dummy/login', {
      body: { user_id: userId },
    });
    this.log.ban = {
      userId,
      at,
      wasQueued: queued.includes(userId),
      inQueueAfter: detail.status === 200 ? detail.body.in_queue : null,
      refusedAfter: login.status === 403 && login.body?.code === 'BANNED',
    };
  }

  /** Corrects the result of the latest match settled with a winner: the other team won. */
  async correctAResult(): Promise<void> {
    const list = await this.admin<{ matches: { match_id: string; status: string }[] }>(
      'GET',
      '/api/admin/matches?status=done',
    );
    if (!this.expectOk('match list', list)) return;
    for (const { match_id: matchId } of list.body.matches) {
      const detail = await this.admin<{ winner_team: 'A' | 'B' | null }>('GET', `/api/admin/matches/${matchId}`);
      const from = detail.body.winner_team;
      if (detail.status !== 200 || !from) continue;
      const to = from === 'A' ? 'B' : 'A';
      const at = this.clock.now();
      const reply = await this.admin('POST', `/api/admin/matches/${matchId}/result`, { winner: to });
      if (!this.expectOk(`correct ${matchId}`, reply)) return;
      this.log.audited.push({ action: 'match.correct', target: matchId });
      this.log.correction = { matchId, from, to, at };
      return;
    }
    this.log.problems.push('correction: no settled match with a winner yet');
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
    const login = await this.api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', {
      body: { user_id: userId },
    });
    if (!this.expectOk(`supporter ${userId} sign-in`, login)) return;
    const token = login.body.access_token;
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
