import type { CurrentMatch, MatchUpdate } from '@rankmatch/shared';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMatch, buildMatchPlayer, buildProfile, buildQueueInfo, myMatchReply } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { buildMatchSummary } from '../src/testing/players-data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

const now = () => Math.floor(Date.now() / 1000);
const NO_MATCH = myMatchReply(null);

/** Signed in as `userId` (dummy_02 plays in team A; dummy_01 is the host) with this current match. */
function openMatch(match: CurrentMatch | null, handlers: Handlers = {}, userId = 'dummy_02', url = '/?tab=match') {
  signInAs(buildProfile({ user_id: userId }), { cacheProfile: true });
  return renderApp(url, { 'GET /api/matches/me': myMatchReply(match), ...handlers });
}

const update = (patch: Partial<MatchUpdate>): MatchUpdate => ({
  match_id: '42',
  lobby_id: null,
  host_user_id: 'dummy_01',
  status: 'matched',
  report_count: 0,
  ...patch,
});

describe('match screen', () => {
  it('shows both teams with roles, names, rates, badges, first attack, host and the own row', async () => {
    const match = buildMatch();
    match.team_b.players[0] = buildMatchPlayer(6, { current_badge: 'badge_001', trainer_name: null });
    openMatch(match);
    expect(await screen.findByRole('heading', { name: '試合 #42' })).toBeInTheDocument();
    expect(screen.getByTestId('match-status')).toHaveTextContent('進行中');
    // What the count counts: reports toward the two that settle (the admin's list counts who of the ten reported).
    expect(screen.getByText('確定までの報告')).toBeInTheDocument();
    expect(screen.getByTestId('report-count')).toHaveTextContent('0/2');
    // 予想勝率: team A's chance as the hidden rating saw it (issue 33).
    expect(screen.getByText('予想勝率')).toBeInTheDocument();
    expect(screen.getByTestId('predicted-chance')).toHaveTextContent('A 52% : B 48%');

    const teamA = screen.getByRole('region', { name: 'チームA' });
    const teamB = screen.getByRole('region', { name: 'チームB' });
    expect(within(teamA).getAllByRole('listitem')).toHaveLength(5);
    expect(within(teamB).getAllByRole('listitem')).toHaveLength(5);
    expect(within(teamA).getByText('先攻')).toBeInTheDocument();
    expect(within(teamB).getByText('後攻')).toBeInTheDocument();

    const host = within(teamA).getByText('選手1').closest('li')!;
    expect(within(host).getByText('ホスト')).toBeInTheDocument();
    expect(within(host).getByRole('img', { name: '上ルート' })).toBeInTheDocument();
    expect(host).toHaveTextContent('1,510');
    const me = within(teamA).getByText('選手2').closest('li')!;
    expect(me).toHaveClass('player-row--me');
    expect(within(me).getByText('あなた')).toBeInTheDocument();
    expect(within(me).getByRole('img', { name: '中央' })).toBeInTheDocument();
    // Trainer name missing: the Discord name; the equipped badge as a chip.
    const badged = within(teamB).getByText('player_6').closest('li')!;
    expect(within(badged).getByText('S0 1位')).toBeInTheDocument();
    expect(within(teamB).getByRole('img', { name: 'タンク' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'マッチングに参加' })).not.toBeInTheDocument();
  });

  it('tells the player which ban to report (3rd–5th by rate in the team report ban 1–3)', async () => {
    // Team A rates: dummy_05 1550, 04 1540, 03 1530, 02 1520, 01 1510 → dummy_02 is 4th → the 2nd ban.
    openMatch(buildMatch());
    expect(await screen.findByText('あなたは2番目のBANを報告してください')).toBeInTheDocument();
    const teamA = screen.getByRole('region', { name: 'チームA' });
    expect(within(within(teamA).getByText('選手3').closest('li')!).getByText('BAN1')).toBeInTheDocument();
    expect(within(within(teamA).getByText('選手1').closest('li')!).getByText('BAN3')).toBeInTheDocument();
    expect(within(within(teamA).getByText('選手5').closest('li')!).queryByText(/BAN/)).not.toBeInTheDocument();
  });

  it('hides the BAN duty once the player has reported; the team card still shows who reports which ban', async () => {
    openMatch(buildMatch({ has_reported: true, report_count: 1 }));
    expect(await screen.findByText('報告済み（1/2）')).toBeInTheDocument();
    expect(screen.queryByText('あなたは2番目のBANを報告してください')).not.toBeInTheDocument();
    const teamA = screen.getByRole('region', { name: 'チームA' });
    expect(within(within(teamA).getByText('選手2').closest('li')!).getByText('BAN2')).toBeInTheDocument();
  });

  it('hides the BAN duty as soon as the report is sent', async () => {
    let match = buildMatch();
    const { user } = openMatch(null, {
      'GET /api/matches/me': () => myMatchReply(match),
      'POST /api/matches/42/report': () => {
        match = { ...match, has_reported: true, report_count: 1 };
        return { body: { ok: true, report_count: 1, status: 'matched' } };
      },
    });
    expect(await screen.findByText('あなたは2番目のBANを報告してください')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '結果を報告する' }));
    const dialog = await screen.findByRole('dialog', { name: '試合結果の報告' });
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告' }));
    await user.click(within(dialog).getByRole('radio', { name: /選手6/ }));
    // A named player needs a reason (issue 34).
    await user.click(within(dialog).getByRole('radio', { name: '途中離脱' }));
    await user.click(within(dialog).getByRole('button', { name: '次へ' }));
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告する' }));
    expect(await screen.findByText('報告済み（1/2）')).toBeInTheDocument();
    expect(screen.queryByText('あなたは2番目のBANを報告してください')).not.toBeInTheDocument();
  });

  it('loads the match from GET /api/matches/me and never asks the 404-ing GET /api/matches/current', async () => {
    const { server } = openMatch(null);
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/matches/me').length).toBeGreaterThanOrEqual(1);
    expect(server.calls.filter((c) => c.path === '/api/matches/current')).toEqual([]);
    expect(screen.queryByText(/試合情報を取得できませんでした/)).not.toBeInTheDocument();
  });

  it('says 試合情報を取得できませんでした when the match cannot be loaded, above the queue panel', async () => {
    openMatch(null, { 'GET /api/matches/me': { status: 500, body: { error: 'サーバーでエラーが発生しました' } } });
    expect(
      await screen.findByText('試合情報を取得できませんでした: サーバーでエラーが発生しました'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
  });

  it.each([
    ['match: null', NO_MATCH],
    ["match_id '0'", myMatchReply({ ...buildMatch(), match_id: '0' })],
  ])('is hidden on %s: the queue panel shows', async (_name, reply) => {
    openMatch(null, { 'GET /api/matches/me': reply });
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'チームA' })).not.toBeInTheDocument();
  });

  it('subscribes to the match over the socket and applies matchUpdate pushes', async () => {
    const { sockets } = openMatch(buildMatch());
    await screen.findByRole('heading', { name: '試合 #42' });
    await vi.waitFor(() => expect(sockets.last.actions()).toContain('subscribeMatch:42'));

    await act(async () =>
      sockets.push({
        type: 'matchUpdate',
        data: update({ lobby_id: '87654321', host_user_id: 'dummy_06', report_count: 1 }),
      }),
    );
    expect(await screen.findByTestId('lobby-number')).toHaveTextContent('87654321');
    await vi.waitFor(() => expect(screen.getByTestId('report-count')).toHaveTextContent('1/2'));
    const teamB = screen.getByRole('region', { name: 'チームB' });
    expect(within(within(teamB).getByText('選手6').closest('li')!).getByText('ホスト')).toBeInTheDocument();
    // Another match's update is not ours.
    await act(async () => sockets.push({ type: 'matchUpdate', data: update({ match_id: '7', report_count: 2 }) }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('report-count')).toHaveTextContent('1/2');
  });

  it('goes away when the match is settled (status done), with a note on the queue panel', async () => {
    let settled = false;
    const { sockets } = openMatch(null, {
      'GET /api/matches/me': () => myMatchReply(settled ? null : buildMatch()),
    });
    await screen.findByRole('heading', { name: '試合 #42' });
    settled = true;
    await act(async () => sockets.push({ type: 'matchUpdate', data: update({ status: 'done', report_count: 2 }) }));
    expect(await screen.findByText(/試合 #42 の結果が集計されました/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '試合 #42' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
    await vi.waitFor(() => expect(sockets.last.actions()).toContain('unsubscribeMatch:42'));
  });

  it('says the result and the rate change where the player is once settled: 勝利 +12（1,520 → 1,532）', async () => {
    let settled = false;
    const { sockets } = openMatch(null, {
      'GET /api/matches/me': () => myMatchReply(settled ? null : buildMatch()),
      'GET /api/matches/42/summary': () => (settled ? { body: buildMatchSummary() } : { status: 404, body: {} }),
    });
    await screen.findByRole('heading', { name: '試合 #42' });
    settled = true;
    await act(async () => sockets.push({ type: 'matchUpdate', data: update({ status: 'done', report_count: 2 }) }));
    const notice = (await screen.findByText(/試合 #42 の結果が集計されました/)).closest(
      '[role="status"]',
    ) as HTMLElement;
    // dummy_02 played in team A, which won: 1,520 → 1,532.
    expect(await within(notice).findByText('勝利 +12（1,520 → 1,532）')).toBeInTheDocument();
    expect(notice).not.toHaveTextContent('マイページで確認');
  });

  it('says a loss in the same words on the match screen of a late reporter', async () => {
    signInAs(buildProfile({ user_id: 'dummy_07' }), { cacheProfile: true });
    renderApp('/?tab=match', {
      'GET /api/matches/me': myMatchReply(
        buildMatch({ status: 'done', report_count: 2, report_deadline_unixtime: now() + 600 }),
      ),
      'GET /api/matches/42/summary': { body: buildMatchSummary() },
    });
    // The late reporter still sees the match screen: the result is on it.
    expect(await screen.findByText('敗北 -17（1,570 → 1,553）')).toBeInTheDocument();
  });

  it('a settled match the player has not reported stays until the deadline, for a late report', async () => {
    const deadline = now() + 600;
    openMatch(buildMatch({ status: 'done', report_count: 2, report_deadline_unixtime: deadline }));
    expect(await screen.findByRole('heading', { name: '試合 #42' })).toBeInTheDocument();
    expect(screen.getByTestId('match-status')).toHaveTextContent('集計済み');
    expect(screen.getByText('試合結果は集計済みです')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '結果を報告する' })).toBeEnabled();
    // The lobby is over.
    expect(screen.queryByTestId('lobby-phase')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ホストを引き継ぐ' })).not.toBeInTheDocument();
  });

  it.each([
    ['reported', { has_reported: true }],
    ['past the report deadline', { report_deadline_unixtime: now() - 1 }],
  ])('a settled match is not shown once %s', async (_name, patch) => {
    openMatch(buildMatch({ status: 'done', report_count: 2, ...patch }));
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '試合 #42' })).not.toBeInTheDocument();
  });

  it('a matchFound push reloads the match over HTTP and switches to the match tab', async () => {
    let found = false;
    const { server, sockets } = openMatch(
      null,
      { 'GET /api/matches/me': () => myMatchReply(found ? buildMatch({ match_id: '77' }) : null) },
      'dummy_02',
      '/?tab=ranking',
    );
    await screen.findByRole('heading', { name: 'ランキング' });
    await vi.waitFor(() => expect(sockets.last.readyState).toBe(1));
    found = true;
    await act(async () => sockets.push({ type: 'matchFound', match_id: '77' }));
    expect(await screen.findByRole('heading', { name: '試合 #77' })).toBeInTheDocument();
    expect(window.location.search).toBe('?tab=match');
    expect(screen.getByRole('tab', { name: 'マッチング' })).toHaveAttribute('aria-selected', 'true');
    expect(server.callsTo('GET /api/matches/me').length).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(sockets.last.actions()).toContain('subscribeMatch:77'));
  });

  it("ignores matchFound with match_id '0'", async () => {
    const { sockets } = openMatch(null, {}, 'dummy_02', '/?tab=ranking');
    await screen.findByRole('heading', { name: 'ランキング' });
    await vi.waitFor(() => expect(sockets.last.readyState).toBe(1));
    await act(async () => sockets.push({ type: 'matchFound', match_id: '0' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(window.location.search).toBe('?tab=ranking');
  });

  it('appears when the user enters ongoing_match_players, and goes away when they leave it', async () => {
    let inMatch = false;
    const { sockets } = openMatch(null, {
      'GET /api/matches/me': () => myMatchReply(inMatch ? buildMatch() : null),
    });
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
    await vi.waitFor(() => expect(sockets.last.readyState).toBe(1));
    inMatch = true;
    await act(async () =>
      sockets.push({
        type: 'queueDiff',
        data: { ongoing_match_players: ['dummy_01', 'dummy_02'], ongoing_matches: 1 },
      }),
    );
    expect(await screen.findByRole('heading', { name: '試合 #42' })).toBeInTheDocument();
    inMatch = false;
    await act(async () => sockets.push({ type: 'queueDiff', data: { ongoing_match_players: [], ongoing_matches: 0 } }));
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '試合 #42' })).not.toBeInTheDocument();
  });

  it('keeps the match screen (and what the host typed) when a stale reading leaves the user out of the list', async () => {
    // The host types the lobby number; a queue reading made before the wave arrives after it (a poll that crossed the
    // wave) and says the user is in no match. The server still has the match: the screen stays as it was.
    const { server, sockets, user } = openMatch(
      null,
      {
        'GET /api/matches/me': async () => {
          // A real network's moment: the page renders before the answer comes.
          await new Promise((r) => setTimeout(r, 30));
          return myMatchReply(buildMatch());
        },
      },
      'dummy_01',
    );
    const input = await screen.findByLabelText('ロビー番号（4〜12桁の数字）');
    await vi.waitFor(() => expect(sockets.last.readyState).toBe(1));
    await act(async () =>
      sockets.push({ type: 'queueDiff', data: { ongoing_match_players: ['dummy_01'], ongoing_matches: 1 } }),
    );
    await user.type(input, '1234');
    const reads = server.callsTo('GET /api/matches/me').length;
    await act(async () => sockets.push({ type: 'queueDiff', data: { ongoing_match_players: [], ongoing_matches: 0 } }));
    await vi.waitFor(() => expect(server.callsTo('GET /api/matches/me').length).toBeGreaterThan(reads));
    expect(screen.queryByRole('button', { name: 'マッチングに参加' })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 60));
    expect(screen.getByLabelText('ロビー番号（4〜12桁の数字）')).toHaveValue('1234');
    expect(screen.queryByRole('button', { name: 'マッチングに参加' })).not.toBeInTheDocument();
  });

  it('shows 報告済み with the count and offers a correction', async () => {
    openMatch(buildMatch({ has_reported: true, report_count: 1 }));
    expect(await screen.findByText('報告済み（1/2）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '報告を修正する' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '結果を報告する' })).not.toBeInTheDocument();
  });
});

describe('match screen: lobby timer', () => {
  const phase = () => screen.getByTestId('lobby-phase').textContent;
  const clock = () => screen.queryByTestId('lobby-clock');

  it('lobby_create: counts down from lobby_create_timeout, not red above 30 s', async () => {
    openMatch(buildMatch({ started_at: now() - 10 }));
    await screen.findByTestId('lobby-phase');
    expect(phase()).toBe('ロビー作成');
    expect(clock()?.textContent).toMatch(/^02:(1\d|20)$/);
    expect(clock()).not.toHaveClass('lobby-timer__clock--red');
    expect(screen.getByText(/ホストはゲーム内でロビーを作成/)).toBeInTheDocument();
  });

  it('turns red at 30 s or less', async () => {
    openMatch(buildMatch({ started_at: now() - 125 }));
    await screen.findByTestId('lobby-phase');
    expect(clock()?.textContent).toMatch(/^00:(2\d|30)$/);
    expect(clock()).toHaveClass('lobby-timer__clock--red');
  });

  it('lobby_waiting: no lobby after the timeout advises voiding the match', async () => {
    openMatch(buildMatch({ started_at: now() - 200 }));
    await screen.findByTestId('lobby-phase');
    expect(phase()).toBe('ロビー未作成');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('ロビー未作成');
    expect(clock()).toHaveTextContent('00:00');
    expect(clock()).toHaveClass('lobby-timer__clock--red');
    expect(screen.getByText(/無効試合として報告してください/)).toBeInTheDocument();
  });

  it('lobby_join, then match_ready, once a lobby number exists', async () => {
    openMatch(buildMatch({ started_at: now() - 100, lobby_id: '12345678' }));
    await screen.findByTestId('lobby-phase');
    expect(phase()).toBe('ロビー参加');
    expect(clock()?.textContent).toMatch(/^02:(2\d|30)$/);
    // The late-host step is not shown when the lobby came in time.
    const steps = within(screen.getByRole('list', { name: 'ロビータイマー' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['ロビー作成', 'ロビー参加', '試合開始']);
  });

  it('match_ready has no countdown and says to start (or void when players are missing)', async () => {
    openMatch(buildMatch({ started_at: now() - 300, lobby_id: '12345678' }));
    await screen.findByTestId('lobby-phase');
    expect(phase()).toBe('試合開始');
    expect(clock()).not.toBeInTheDocument();
    expect(screen.getByText(/全員が揃わない場合は無効試合として報告してください/)).toBeInTheDocument();
  });
});

describe('match screen: lobby and host', () => {
  it('the host sets the lobby number, validated with the shared schema', async () => {
    const { server, user } = openMatch(
      buildMatch(),
      {
        'POST /api/matches/lobby/update': (call) => ({
          body: update({ lobby_id: (call.body as { lobby_id: string }).lobby_id }),
        }),
      },
      'dummy_01',
    );
    const input = await screen.findByLabelText('ロビー番号（4〜12桁の数字）');
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'ロビー番号を設定' }));
    expect(await screen.findByText('ロビー番号は4〜12桁の数字で入力してください')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /api/matches/lobby/update')).toHaveLength(0);

    await user.type(input, 'ab345678');
    expect(input).toHaveValue('12345678');
    await user.click(screen.getByRole('button', { name: 'ロビー番号を設定' }));
    expect(await screen.findByTestId('lobby-number')).toHaveTextContent('12345678');
    expect(server.callsTo('POST /api/matches/lobby/update')[0]?.body).toEqual({ lobby_id: '12345678' });
    expect(screen.getByRole('button', { name: 'ロビー番号を更新' })).toBeInTheDocument();
  });

  it("shows the server's lobby error in a red box", async () => {
    const { user } = openMatch(
      buildMatch(),
      {
        'POST /api/matches/lobby/update': {
          status: 403,
          body: { error: 'ロビー番号を設定できるのはホストだけです', code: 'MATCH_NOT_HOST' },
        },
      },
      'dummy_01',
    );
    await user.type(await screen.findByLabelText('ロビー番号（4〜12桁の数字）'), '123456');
    await user.click(screen.getByRole('button', { name: 'ロビー番号を設定' }));
    expect(await screen.findByText('ロビー番号を設定できるのはホストだけです')).toBeInTheDocument();
  });

  it('the others see the lobby number with a copy button, and no form', async () => {
    const { user } = openMatch(buildMatch({ lobby_id: '87654321' }));
    expect(await screen.findByTestId('lobby-number')).toHaveTextContent('87654321');
    expect(screen.queryByLabelText('ロビー番号（4〜12桁の数字）')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ロビー番号 87654321 をコピー' }));
    expect(await navigator.clipboard.readText()).toBe('87654321');
    expect(await screen.findByRole('button', { name: 'ロビー番号 87654321 をコピー' })).toHaveTextContent(
      'コピーしました',
    );
  });

  it('without a lobby the others wait for the host', async () => {
    openMatch(buildMatch());
    expect(await screen.findByText('ホストの選手1さんがロビーを作成するのを待っています。')).toBeInTheDocument();
  });

  it('the host hands the role to the next player', async () => {
    const { server, user } = openMatch(
      buildMatch(),
      { 'POST /api/matches/host/transfer': { body: update({ host_user_id: 'dummy_02' }) } },
      'dummy_01',
    );
    await user.click(await screen.findByRole('button', { name: 'ホストを選手2さんに渡す' }));
    expect(server.callsTo('POST /api/matches/host/transfer')[0]?.body).toEqual({});
    const teamA = screen.getByRole('region', { name: 'チームA' });
    await vi.waitFor(() =>
      expect(within(within(teamA).getByText('選手2').closest('li')!).getByText('ホスト')).toBeInTheDocument(),
    );
    expect(screen.queryByLabelText('ロビー番号（4〜12桁の数字）')).not.toBeInTheDocument();
  });

  it('the others may take over only when there is no lobby after lobby_create_timeout', async () => {
    openMatch(buildMatch({ started_at: now() - 20 }));
    const early = await screen.findByRole('button', { name: 'ホストを引き継ぐ' });
    expect(early).toBeDisabled();
    expect(early).toHaveAccessibleDescription(/ロビー作成の制限時間を過ぎてもロビーがない場合に引き継げます/);
  });

  it('take-over is locked once a lobby exists', async () => {
    openMatch(buildMatch({ started_at: now() - 400, lobby_id: '123456' }));
    const button = await screen.findByRole('button', { name: 'ホストを引き継ぐ' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('ロビーが作成済みのため、ホストは引き継げません。');
  });

  it('take-over after the timeout calls host/transfer', async () => {
    const { server, user } = openMatch(buildMatch({ started_at: now() - 200 }), {
      'POST /api/matches/host/transfer': { body: update({ host_user_id: 'dummy_02' }) },
    });
    const button = await screen.findByRole('button', { name: 'ホストを引き継ぐ' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(server.callsTo('POST /api/matches/host/transfer')).toHaveLength(1);
    // Now the host: the lobby form appears.
    expect(await screen.findByLabelText('ロビー番号（4〜12桁の数字）')).toBeInTheDocument();
  });
});

describe('match tab with queue info', () => {
  it('keeps the queue counts out of the match screen', async () => {
    openMatch(buildMatch(), { 'GET /api/queue': { body: buildQueueInfo({ ongoing_match_players: ['dummy_02'] }) } });
    expect(await screen.findByRole('heading', { name: '試合 #42' })).toBeInTheDocument();
    expect(screen.queryByTestId('queue-waiting')).not.toBeInTheDocument();
  });
});
