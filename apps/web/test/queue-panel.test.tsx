import type { UserProfile } from '@rankmatch/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_REFRESH_MS } from '../src/features/queue/hooks/use-queue-feed.ts';
import { RECONNECT_ATTEMPTS, RECONNECT_DELAY_MAX_MS } from '../src/lib/realtime/realtime-client.ts';
import { buildProfile, buildQueueEntry, buildQueueInfo } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { FakeSocketServer } from '../src/testing/fake-websocket.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

const now = () => Math.floor(Date.now() / 1000);

/** Signs in (profile cached) and opens the match tab. */
function openMatchTab(
  handlers: Handlers = {},
  options: { profile?: Partial<UserProfile>; sockets?: FakeSocketServer; fakeTimers?: boolean } = {},
) {
  signInAs(buildProfile(options.profile), { cacheProfile: true });
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  return renderApp('/?tab=match', handlers, {
    sockets: options.sockets,
    user: options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined,
  });
}

/** Query results reach the screen through TanStack's notify scheduler (a macrotask): wait for them. */
const waitForText = (testId: string, text: string) =>
  vi.waitFor(() => expect(screen.getByTestId(testId)).toHaveTextContent(text));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
// The numbers card ("マッチング" with its 受付中 / 受付時間外 pill), not the マッチング成立のお知らせ card below.
const statsRegion = () => screen.findByRole('region', { name: /^マッチング(?!成立)/ });
const joinButton = () => screen.findByRole('button', { name: 'マッチングに参加' });

describe('queue panel: numbers', () => {
  it('shows waiting players, open matches, last wave, average wait and the live state', async () => {
    const last = now() - 120;
    openMatchTab({
      'GET /api/queue': {
        body: buildQueueInfo({
          total_waiting: 13,
          ongoing_matches: 3,
          previous_matched_unixtime: last,
          previous_user_count: 30,
          average_wait_time: 95,
        }),
      },
    });
    expect(await screen.findByTestId('queue-waiting')).toHaveTextContent('13人');
    expect(screen.getByTestId('queue-ongoing')).toHaveTextContent('3試合');
    const clock = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    }).format(last * 1000);
    expect(screen.getByTestId('queue-previous-wave')).toHaveTextContent(`${clock}・30人成立`);
    expect(screen.getByText('約1分35秒')).toBeInTheDocument();
    expect(screen.getByText('受付中')).toBeInTheDocument();
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
  });

  it('counts down to the next wave in mm:ss', async () => {
    openMatchTab(
      { 'GET /api/queue': () => ({ body: buildQueueInfo({ next_wave_unixtime: now() + 75 }) }) },
      { fakeTimers: true },
    );
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^01:1[0-5]$/);
    await advance(10_000);
    expect(screen.getByRole('timer').textContent).toMatch(/^01:0[0-5]$/);
  });

  it('outside matching hours: 受付時間外 and when the next wave runs, no countdown', async () => {
    const next = now() + 6 * 3600;
    openMatchTab({
      'GET /api/queue': { body: buildQueueInfo({ is_matching_open: false, next_wave_unixtime: next }) },
    });
    expect(await screen.findByText('受付時間外')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next * 1000);
    expect(screen.getByTestId('queue-next-wave')).toHaveTextContent(when);
    expect(screen.getByText(new RegExp(`次のマッチング（${when}）`))).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    // Joining stays possible: the entry waits for the next wave.
    expect(await joinButton()).toBeEnabled();
  });

  it('never shows a made-up count when the server is unreachable', async () => {
    const { server } = openMatchTab(
      {
        'GET /api/queue': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      { fakeTimers: true },
    );
    expect(await screen.findByText('サーバーに接続できません')).toBeInTheDocument();
    expect(screen.queryByTestId('queue-waiting')).not.toBeInTheDocument();
    expect(within(await statsRegion()).queryByText(/^0/)).not.toBeInTheDocument();
    // A connection error stops the automatic updates at once.
    expect(screen.getByText('自動更新を停止しました')).toBeInTheDocument();
    const calls = server.callsTo('GET /api/queue').length;
    await advance(QUEUE_REFRESH_MS * 3);
    expect(server.callsTo('GET /api/queue')).toHaveLength(calls);
  });
});

describe('queue panel: live updates', () => {
  it('applies socket queue diffs (changed fields only) to the numbers', async () => {
    const { sockets } = openMatchTab({ 'GET /api/queue': { body: buildQueueInfo({ total_waiting: 7 }) } });
    expect(await screen.findByTestId('queue-waiting')).toHaveTextContent('7人');
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
    await act(async () => sockets.push({ type: 'queueDiff', data: { total_waiting: 12, ongoing_matches: 5 } }));
    await waitForText('queue-waiting', '12人');
    expect(screen.getByTestId('queue-ongoing')).toHaveTextContent('5試合');
    await act(async () => sockets.push({ type: 'queueInfo', data: buildQueueInfo({ total_waiting: 4 }) }));
    await waitForText('queue-waiting', '4人');
  });

  it('refreshes over HTTP every 30 s; stops after 3 consecutive failures, ignores diffs, and resumes on retry', async () => {
    let failing = false;
    let waiting = 7;
    const { server, sockets, user } = openMatchTab(
      {
        'GET /api/queue': () =>
          failing
            ? { status: 500, body: { error: 'サーバーでエラーが発生しました', code: 'INTERNAL' } }
            : { body: buildQueueInfo({ total_waiting: waiting }) },
      },
      { fakeTimers: true },
    );
    expect(await screen.findByTestId('queue-waiting')).toHaveTextContent('7人');
    waiting = 8;
    await advance(QUEUE_REFRESH_MS);
    expect(screen.getByTestId('queue-waiting')).toHaveTextContent('8人');

    failing = true;
    await advance(QUEUE_REFRESH_MS);
    await advance(QUEUE_REFRESH_MS);
    expect(screen.queryByText('自動更新を停止しました')).not.toBeInTheDocument();
    await advance(QUEUE_REFRESH_MS);
    expect(await screen.findByText('自動更新を停止しました')).toBeInTheDocument();
    expect(screen.getByText(/3回続けて失敗/)).toBeInTheDocument();
    // The last good numbers stay, marked as stale; no more fetches, socket diffs ignored.
    expect(screen.getByTestId('queue-waiting')).toHaveTextContent('8人');
    expect(screen.getByText(/時点のものです/)).toBeInTheDocument();
    const calls = server.callsTo('GET /api/queue').length;
    await advance(QUEUE_REFRESH_MS * 3);
    expect(server.callsTo('GET /api/queue')).toHaveLength(calls);
    await act(async () => sockets.push({ type: 'queueDiff', data: { total_waiting: 99 } }));
    await advance(100);
    expect(screen.getByTestId('queue-waiting')).toHaveTextContent('8人');

    failing = false;
    waiting = 9;
    await user.click(screen.getByRole('button', { name: '再試行' }));
    await waitForText('queue-waiting', '9人');
    expect(screen.queryByText('自動更新を停止しました')).not.toBeInTheDocument();
    await act(async () => sockets.push({ type: 'queueDiff', data: { total_waiting: 10 } }));
    await waitForText('queue-waiting', '10人');
  });

  it('stops when the socket gives up after its reconnect attempts, and reconnects on retry', async () => {
    const sockets = new FakeSocketServer();
    const { user } = openMatchTab({}, { sockets, fakeTimers: true });
    expect(await screen.findByTestId('queue-waiting')).toBeInTheDocument();
    await act(async () => sockets.last.open());
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
    await act(async () => sockets.last.drop());
    expect(await screen.findByText(`再接続中…（1/${RECONNECT_ATTEMPTS}）`)).toBeInTheDocument();
    for (let i = 0; i < RECONNECT_ATTEMPTS; i++) {
      await advance(RECONNECT_DELAY_MAX_MS);
      await act(async () => sockets.last.drop());
    }
    expect(await screen.findByText('サーバーとの接続に失敗したため、自動更新を停止しました。')).toBeInTheDocument();
    const count = sockets.sockets.length;
    await user.click(screen.getByRole('button', { name: '再試行' }));
    expect(sockets.sockets).toHaveLength(count + 1);
    await act(async () => sockets.last.open());
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
  });

  it('after a socket reconnect, reloads the queue info, the queue status and the current match over HTTP', async () => {
    const { server, sockets } = openMatchTab({}, { fakeTimers: true });
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
    const before = ['GET /api/queue', 'GET /api/queue/me', 'GET /api/matches/me'].map(
      (route) => server.callsTo(route).length,
    );
    await act(async () => sockets.last.drop());
    await advance(RECONNECT_DELAY_MAX_MS); // the fake server opens the new socket at once
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
    await vi.waitFor(() => {
      ['GET /api/queue', 'GET /api/queue/me', 'GET /api/matches/me'].forEach((route, i) => {
        expect(server.callsTo(route).length, route).toBeGreaterThan(before[i] ?? 0);
      });
    });
  });

  it('an auth error (401) says 認証の有効期限が切れました and stops the updates', async () => {
    openMatchTab({
      'GET /api/queue/me': { status: 401, body: { error: 'unauthorized', code: 'UNAUTHORIZED' } },
    });
    expect(await screen.findByText('認証の有効期限が切れました。再度ログインしてください。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ログインし直す' })).toBeInTheDocument();
    // The panel says so itself instead of replacing the page with the 認証エラー screen.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('the socket refusing the token (4401) also says 認証の有効期限が切れました', async () => {
    const { sockets } = openMatchTab();
    expect(await screen.findByText('リアルタイム更新中')).toBeInTheDocument();
    await act(async () => sockets.last.drop(4401, 'UNAUTHORIZED'));
    expect(await screen.findByText('認証の有効期限が切れました。再度ログインしてください。')).toBeInTheDocument();
  });
});

describe('queue panel: join button', () => {
  // A frozen clock: the remaining minutes of a timeout must not depend on how loaded the machine is.
  const FIXED_NOW = 1_800_000_000;
  beforeEach(() => {
    vi.useFakeTimers({ now: FIXED_NOW * 1000, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [{ trainer_name: '' }, 'プロフィール設定が必要です'],
    [{ trainer_name: '  ' }, 'プロフィール設定が必要です'],
    [
      { effective_penalty: 6, penalty_count: 7, penalty_correction: 1 },
      'ペナルティが6以上のためマッチングに参加できません。運営にお問い合わせください',
    ],
    [{ penalty_timeout_until: FIXED_NOW + 4 * 60 + 10 }, 'ペナルティによる参加制限中です（残り5分）'],
  ])('is disabled with the reason as tooltip and text (%o)', async (profile, reason) => {
    openMatchTab({}, { profile });
    const button = await joinButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', reason);
    expect(button).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeVisible();
  });

  it('links to the profile when the trainer name is missing', async () => {
    openMatchTab({}, { profile: { trainer_name: '' } });
    expect(await screen.findByRole('link', { name: 'プロフィールを設定する' })).toHaveAttribute('href', '/?tab=mypage');
  });

  it('is disabled outside the season', async () => {
    openMatchTab({ 'GET /api/queue': { body: buildQueueInfo({ is_season_active: false }) } });
    const reason = 'シーズン期間外のためマッチングに参加できません';
    expect(await screen.findByText(reason)).toBeInTheDocument();
    const button = await joinButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', reason);
    expect(screen.getByText('現在はシーズン期間外のため、マッチングは行われません。')).toBeInTheDocument();
    // Within matching hours, the pill still says why nothing is matched, never 受付中 (issue 36).
    expect(screen.getByText('シーズン期間外', { selector: '.pill' })).toBeInTheDocument();
    expect(screen.queryByText('受付中')).not.toBeInTheDocument();
  });

  it('is enabled when nothing blocks, penalty below 6 and an expired timeout included', async () => {
    openMatchTab({}, { profile: { penalty_count: 5, effective_penalty: 5, penalty_timeout_until: FIXED_NOW - 10 } });
    const button = await joinButton();
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('title');
  });
});

describe('queue panel: join, update, leave', () => {
  it('joins with the deck and the ordered roles, shows the entry, updates the preferences and leaves', async () => {
    let status: { in_queue: boolean; entry: ReturnType<typeof buildQueueEntry> | null } = {
      in_queue: false,
      entry: null,
    };
    const { server, user } = openMatchTab({
      'GET /api/queue/me': () => ({ body: status }),
      'POST /api/queue/join': (call) => {
        const body = call.body as { deck_type?: 'A' | 'B' | 'C'; roles?: string[] };
        status = {
          in_queue: true,
          entry: buildQueueEntry({
            deck_type: body.deck_type ?? null,
            roles: (body.roles ?? []) as never,
            joined_at: now() - 65,
          }),
        };
        return { body: status };
      },
      'POST /api/queue/leave': () => {
        status = { in_queue: false, entry: null };
        return { body: status };
      },
    });
    await user.selectOptions(await screen.findByLabelText('デッキ'), 'デッキB');
    await user.click(screen.getByRole('button', { name: 'タンク' }));
    await user.click(screen.getByRole('button', { name: 'サポート' }));
    expect(screen.getByRole('button', { name: 'タンク（第1希望）' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'サポート（第2希望）' })).toBeInTheDocument();
    expect(screen.getByText('1. タンク → 2. サポート')).toBeInTheDocument();
    await user.click(await joinButton());

    expect(server.callsTo('POST /api/queue/join')[0]?.body).toEqual({ deck_type: 'B', roles: ['TANK', 'SUPPORT'] });
    const entry = await screen.findByRole('region', { name: 'キューに参加中' });
    expect(within(entry).getByText('キューに参加しました')).toBeInTheDocument();
    expect(within(entry).getByText(/^01:0\d$/)).toBeInTheDocument();
    expect(within(entry).getByText('デッキB', { selector: 'dd' })).toBeInTheDocument();

    // Joining again updates the preferences: remove タンク, keep サポート as the first choice.
    await user.click(within(entry).getByRole('button', { name: 'タンク（第1希望）' }));
    await user.click(within(entry).getByRole('button', { name: '希望を更新' }));
    expect(server.callsTo('POST /api/queue/join')[1]?.body).toEqual({ deck_type: 'B', roles: ['SUPPORT'] });
    expect(await screen.findByText('希望を更新しました')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'キューから抜ける' }));
    expect(server.callsTo('POST /api/queue/leave')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: '参加設定' })).toBeInTheDocument();
    expect(await joinButton()).toBeEnabled();
  });

  it("follows the player's other tab at once: its join and its leave (queueStatus pushes)", async () => {
    const { sockets, user } = openMatchTab({
      'GET /api/queue/me': { body: { in_queue: false, entry: null } },
      'POST /api/queue/join': { body: { in_queue: true, entry: buildQueueEntry() } },
    });
    await user.click(await joinButton());
    const entry = await screen.findByRole('region', { name: 'キューに参加中' });
    expect(within(entry).getByText('キューに参加しました')).toBeInTheDocument();
    // The other tab leaves: this one shows the form again, without the green notice above its join button.
    await act(async () => sockets.push({ type: 'queueStatus', data: { in_queue: false, entry: null } }));
    expect(await screen.findByRole('region', { name: '参加設定' })).toBeInTheDocument();
    expect(screen.queryByText('キューに参加しました')).not.toBeInTheDocument();
    // And it joins again there.
    await act(async () => sockets.push({ type: 'queueStatus', data: { in_queue: true, entry: buildQueueEntry() } }));
    expect(await screen.findByRole('region', { name: 'キューに参加中' })).toBeInTheDocument();
  });

  it('sends no deck and no roles when none are chosen', async () => {
    const { server, user } = openMatchTab({
      'POST /api/queue/join': { body: { in_queue: true, entry: buildQueueEntry() } },
    });
    await user.click(await joinButton());
    await screen.findByRole('region', { name: 'キューに参加中' });
    expect(server.callsTo('POST /api/queue/join')[0]?.body).toEqual({});
  });

  it("shows the server's join error in a red box", async () => {
    const { user } = openMatchTab({
      'POST /api/queue/join': {
        status: 409,
        body: { error: '進行中の試合があります。試合を終えてから参加してください', code: 'QUEUE_IN_MATCH' },
      },
    });
    await user.click(await joinButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('進行中の試合があります。試合を終えてから参加してください');
    expect(alert).toHaveClass('notice--danger');
  });

  it('a 403 join answer (penalty) stays in the red box and keeps the session', async () => {
    const { user } = openMatchTab({
      'POST /api/queue/join': {
        status: 403,
        body: { error: 'ペナルティによる参加制限中です（残り3分）', code: 'QUEUE_PENALTY_TIMEOUT' },
      },
    });
    await user.click(await joinButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('ペナルティによる参加制限中です（残り3分）');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
  });
});
