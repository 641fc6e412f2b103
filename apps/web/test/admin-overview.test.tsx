import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import { buildQueueInfo } from '../src/testing/data.ts';

const region = (name: string) => screen.findByRole('region', { name });

describe('admin overview: queue cards', () => {
  it('shows waiting players, ongoing matches and the expected wait in whole minutes, live from the socket', async () => {
    const { sockets } = renderAsAdmin('/admin_control', {
      'GET /api/queue': { body: buildQueueInfo({ total_waiting: 7, ongoing_matches: 2, average_wait_time: 150 }) },
    });
    expect(await screen.findByTestId('admin-queue-waiting')).toHaveTextContent('7人');
    expect(screen.getByTestId('admin-queue-ongoing')).toHaveTextContent('2試合');
    // 150 s / 60 = 2.5 → 3 minutes
    expect(screen.getByTestId('admin-queue-wait')).toHaveTextContent('3分');
    await act(async () => sockets.push({ type: 'queueDiff', data: { total_waiting: 12, ongoing_matches: 4 } }));
    await waitFor(() => expect(screen.getByTestId('admin-queue-waiting')).toHaveTextContent('12人'));
    expect(screen.getByTestId('admin-queue-ongoing')).toHaveTextContent('4試合');
  });

  it('expects 10 minutes when there is no average wait yet', async () => {
    renderAsAdmin('/admin_control', { 'GET /api/queue': { body: buildQueueInfo({ average_wait_time: null }) } });
    expect(await screen.findByTestId('admin-queue-wait')).toHaveTextContent('10分');
  });
});

describe('admin overview: debug tools', () => {
  it('gathers, then runs matchmaking, with a progress message and the answers', async () => {
    let finishGather: () => void = () => {};
    const { user, server } = renderAsAdmin('/admin_control', {
      'POST /api/debug/gather-match': () =>
        new Promise((resolve) => {
          finishGather = () => resolve({ body: { processed_matches: 3 } });
        }),
      'POST /api/debug/matchmaking/trigger': {
        body: { message: 'マッチングを実行しました: 1試合を作成', ran: true, created_matches: ['77'], matched: 10 },
      },
    });
    const tools = await region('マッチング制御');
    await user.click(within(tools).getByRole('button', { name: '試合集計 → マッチングを実行' }));
    expect(await within(tools).findByText('試合を集計しています…')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/matchmaking/trigger')).toHaveLength(0);
    finishGather();
    expect(await within(tools).findByText('マッチングを実行しました: 1試合を作成')).toBeInTheDocument();
    expect(within(tools).getByText('集計した試合: 3件')).toBeInTheDocument();
    expect(within(tools).getByText('作成された試合: #77')).toBeInTheDocument();
    const order = server.calls.filter((c) => c.path.startsWith('/api/debug')).map((c) => c.path);
    expect(order).toEqual(['/api/debug/gather-match', '/api/debug/matchmaking/trigger']);
  });

  it('shows the status code and text when a debug call fails', async () => {
    const { user, server } = renderAsAdmin('/admin_control', {
      'POST /api/debug/gather-match': {
        status: 500,
        body: { error: 'サーバーでエラーが発生しました', code: 'INTERNAL' },
      },
    });
    await user.click(await screen.findByRole('button', { name: '試合集計 → マッチングを実行' }));
    expect(await screen.findByText('エラー（500）: サーバーでエラーが発生しました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/matchmaking/trigger')).toHaveLength(0);
  });

  it('checks the queue count', async () => {
    const { user, server } = renderAsAdmin('/admin_control', { 'GET /api/debug/queue': { body: { queue_count: 8 } } });
    await user.click(await screen.findByRole('button', { name: 'キューの人数を確認' }));
    expect(await screen.findByText('キューの人数: 8人')).toBeInTheDocument();
    expect(server.callsTo('GET /api/debug/queue')).toHaveLength(1);
  });

  it('lists the test accounts with their count, and says テストユーザーが見つかりません on failure', async () => {
    const { user, server } = renderAsAdmin('/admin_control');
    const tools = await region('ユーザー');
    await user.click(within(tools).getByRole('button', { name: 'テストアカウント一覧' }));
    expect(await within(tools).findByText('テストアカウント: 2件')).toBeInTheDocument();
    expect(within(tools).getByText(/ピカチュウ使い（dummy_01）/)).toBeInTheDocument();
    server.use({ 'GET /api/auth/dummy/users': { status: 404, body: { error: 'テストアカウントは無効です' } } });
    await user.click(within(tools).getByRole('button', { name: 'テストアカウント一覧' }));
    expect(await within(tools).findByText(/テストユーザーが見つかりません/)).toHaveTextContent('エラー（404）');
    expect(within(tools).getByRole('link', { name: 'マッチテスト画面を開く' })).toHaveAttribute('href', '/match_test');
  });

  it('calculates the ranking', async () => {
    const { user, server } = renderAsAdmin('/admin_control', {
      'POST /api/debug/ranking/calculate': { body: { rankings_count: 42 } },
    });
    await user.click(await screen.findByRole('button', { name: 'ランキングを手動計算' }));
    expect(await screen.findByText('ランキングを計算しました（42人）')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/ranking/calculate')).toHaveLength(1);
  });
});

describe('admin overview: test tools', () => {
  it('adds exactly the number of test accounts the button says (10)', async () => {
    const enqueued = Array.from({ length: 9 }, (_, i) => `dummy_${String(i + 1).padStart(2, '0')}`);
    const { user, server } = renderAsAdmin('/admin_control', {
      'POST /api/debug/queue/fill': {
        body: { enqueued, skipped: [{ user_id: 'dummy_10', reason: '進行中の試合があります' }] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'キューが10人になるまでテストアカウントを追加' }));
    expect(await screen.findByText('9人をキューに追加しました（スキップ 1人）')).toBeInTheDocument();
    expect(screen.getByText('dummy_10: 進行中の試合があります')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/queue/fill').map((c) => c.body)).toEqual([{ count: 10 }]);
  });

  it('reports every test match as a team A win', async () => {
    const { user, server } = renderAsAdmin('/admin_control', {
      'POST /api/debug/matches/report-all': { body: { matches: 2, reported: 20, settled: 2 } },
    });
    await user.click(await screen.findByRole('button', { name: '全試合の結果を報告（チームAの勝利）' }));
    expect(await screen.findByText('2試合に20件の報告を送信し、2試合が集計されました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/matches/report-all')[0]?.body).toEqual({ result: 'A-win' });
  });

  it('clears the queue only after the confirm', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const { user, server } = renderAsAdmin('/admin_control', { 'DELETE /api/debug/queue': { body: { removed: 6 } } });
    const button = await screen.findByRole('button', { name: 'キューを空にする' });
    await user.click(button);
    expect(await answerConfirm(user, 'キューを空にする', 'キャンセル')).toBe(
      'キューに並んでいる全員をキューから外します。よろしいですか？',
    );
    expect(server.callsTo('DELETE /api/debug/queue')).toHaveLength(0);
    await user.click(button);
    await answerConfirm(user, 'キューを空にする', '空にする');
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(await screen.findByText('6人をキューから外しました')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/debug/queue')).toHaveLength(1);
  });
});

describe('admin overview: auth and notes', () => {
  it('offers the test-account login and logs out to the top page', async () => {
    const { user, server } = renderAsAdmin('/admin_control');
    const auth = await region('認証');
    expect(await within(auth).findByRole('combobox', { name: 'テストアカウントを選択' })).toBeInTheDocument();
    await user.click(within(auth).getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('rankmatch.access_token')).toBeNull();
  });

  it('shows the notes', async () => {
    renderAsAdmin('/admin_control');
    expect(await screen.findByText('本番環境ではマッチングを手動で実行しないでください。')).toBeInTheDocument();
    expect(screen.getByText('テストアカウントでのログインは開発・テスト専用です。')).toBeInTheDocument();
    expect(screen.getByText('この画面の URL を共有しないでください。')).toBeInTheDocument();
    expect(screen.getByText('この画面での操作はすべて記録されます。')).toBeInTheDocument();
  });
});
