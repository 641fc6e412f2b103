import type { CurrentMatch } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminMatch, renderAsAdmin } from '../src/testing/admin-data.ts';
import { buildMatch } from '../src/testing/data.ts';
import type { RecordedCall } from '../src/testing/fake-fetch.ts';

const OPEN = buildAdminMatch({
  match_id: '77',
  status: 'matched',
  report_count: 0,
  winner_team: null,
  settled_at: null,
});

/** A server with one open match #77 of dummy_01..10; each report counts, the 2nd settles it (replies as slow as asked). */
function openMatchTest({ replyAfterMs = 0 } = {}) {
  let reports = 0;
  const reporters: string[] = [];
  /** A player reports through their own wizard (not this tool). */
  const reportInWizard = (userId: string) => {
    reports += 1;
    reporters.push(userId);
  };
  const detail = () => ({
    ...OPEN,
    report_count: reports,
    status: reports >= 2 ? ('done' as const) : ('matched' as const),
    user_reports: reporters.map((user_id) => ({
      user_id,
      trainer_name: null,
      team: 'A' as const,
      result: 'A-win' as const,
      outcome: 'win' as const,
      banned_pokemon: '',
      picked_pokemon: 'PIKACHU',
      violation_report: '',
      reported_at: 1_700_000_000,
    })),
  });
  const viewOf = (call: RecordedCall): CurrentMatch => {
    const userId = new URL(call.url, 'http://localhost').searchParams.get('user_id');
    return buildMatch({
      match_id: '77',
      lobby_id: '87654321',
      report_count: reports,
      status: reports >= 2 ? 'done' : 'matched',
      has_reported: userId === 'dummy_01' && reports > 0,
    });
  };
  const rendered = renderAsAdmin('/match_test', {
    'POST /api/debug/queue/fill': { body: { enqueued: ['dummy_01', 'dummy_02'], skipped: [] } },
    'POST /api/debug/matchmaking/trigger': {
      body: { message: 'マッチングを実行しました: 1試合を作成', ran: true, created_matches: ['77'] },
    },
    'GET /api/admin/matches': { body: { matches: [] } },
    'GET /api/admin/matches/77': () => ({ body: detail() }),
    'GET /api/debug/matches/77/view': (call) => ({ body: viewOf(call) }),
    'POST /api/debug/matches/77/report': async (call) => {
      if (replyAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, replyAfterMs));
      const body = call.body as { user_id: string; result: string; violation_report: string };
      if (body.user_id === 'dummy_10') {
        return { status: 409, body: { error: 'テストアカウント以外のプレイヤーの代理報告はできません' } };
      }
      reportInWizard(body.user_id);
      return {
        body: {
          user_id: body.user_id,
          report: { result: body.result, picked_pokemon: 'PIKACHU', violation_report: body.violation_report },
          status: reports >= 2 ? 'done' : 'matched',
          report_count: reports,
        },
      };
    },
  });
  return { ...rendered, reportInWizard };
}

describe('match test screen', () => {
  it('fills the queue with 10, runs a wave and shows the created match as a player sees it', async () => {
    const { user, server } = openMatchTest();
    expect(await screen.findByRole('heading', { level: 1, name: 'マッチテスト' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '管理画面に戻る' })).toHaveAttribute('href', '/admin_control');

    await user.click(screen.getByRole('button', { name: 'キューが10人になるまでテストアカウントを追加' }));
    expect(await screen.findByText('2人をキューに追加しました（スキップ 0人）')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/queue/fill')[0]?.body).toEqual({ count: 10 });

    await user.click(screen.getByRole('button', { name: 'マッチングを実行' }));
    expect(await screen.findByText('マッチングを実行しました: 1試合を作成')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '試合' })).toHaveValue('77');

    const view = await screen.findByRole('region', { name: '選手1 の試合画面' });
    expect(view).toHaveTextContent('87654321');
    expect(within(view).getByText('ホスト', { selector: 'dt' }).parentElement).toHaveTextContent('選手1');
    expect(within(view).getByRole('region', { name: 'チームA' })).toHaveTextContent('選手2');
    expect(server.callsTo('GET /api/debug/matches/77/view')[0]?.url).toBe(
      '/api/debug/matches/77/view?user_id=dummy_01',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: '視点のプレイヤー' }), 'dummy_07');
    expect(await screen.findByRole('region', { name: '選手7 の試合画面' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/debug/matches/77/view').at(-1)?.url).toBe(
      '/api/debug/matches/77/view?user_id=dummy_07',
    );
  });

  it('reports per player and for everyone, showing the count out of 10 and the status until settled', async () => {
    const { user, server } = openMatchTest();
    await user.click(await screen.findByRole('button', { name: 'マッチングを実行' }));
    const progress = await screen.findByTestId('match-test-progress');
    expect(progress).toHaveTextContent('報告 0/10人・進行中');

    // One player, invalid with a culprit.
    await user.selectOptions(screen.getByRole('combobox', { name: '選手1 の報告' }), '無効');
    await user.selectOptions(screen.getByRole('combobox', { name: '選手1 が選ぶ無効試合の原因' }), '選手6');
    const row = screen.getByRole('combobox', { name: '選手1 の報告' }).closest('li')!;
    await user.click(within(row).getByRole('button', { name: '送信' }));
    expect(await within(row).findByText('送信済み（ピカチュウ）')).toBeInTheDocument();
    expect(progress).toHaveTextContent('報告 1/10人・進行中');
    expect(server.callsTo('POST /api/debug/matches/77/report')[0]?.body).toEqual({
      user_id: 'dummy_01',
      result: 'invalid',
      violation_report: 'dummy_06',
    });

    // Everyone who has not reported: team A wins by default; a refused report shows its status code.
    await user.click(screen.getByRole('button', { name: '全員送信' }));
    await waitFor(() => expect(server.callsTo('POST /api/debug/matches/77/report')).toHaveLength(10));
    const bodies = server
      .callsTo('POST /api/debug/matches/77/report')
      .map((c) => c.body as { user_id: string; result: string });
    expect(bodies.slice(1).map((b) => b.user_id)).toEqual(
      Array.from({ length: 9 }, (_, i) => `dummy_${String(i + 2).padStart(2, '0')}`),
    );
    expect(bodies[1]).toEqual({ user_id: 'dummy_02', result: 'A-win', violation_report: '' });
    expect(
      await screen.findByText(/エラー（409）: テストアカウント以外のプレイヤーの代理報告はできません/),
    ).toBeInTheDocument();
    await waitFor(() => expect(progress).toHaveTextContent('報告 9/10人・集計済み'));
    expect(screen.getByText('この試合は集計されました')).toBeInTheDocument();
  });

  it('counts a report the player sent through the wizard after 更新, and 全員送信 leaves it alone', async () => {
    const { user, server, reportInWizard } = openMatchTest();
    await user.click(await screen.findByRole('button', { name: 'マッチングを実行' }));
    const progress = await screen.findByTestId('match-test-progress');
    expect(progress).toHaveTextContent('報告 0/10人・進行中');

    reportInWizard('dummy_03');
    await user.click(screen.getByRole('button', { name: '更新' }));
    await waitFor(() => expect(progress).toHaveTextContent('報告 1/10人・進行中'));
    // Their row says so (the tool's own 送信 would replace their report).
    const mark = screen.getByText('報告済み（本人が送信）');
    expect(within(mark.closest('li') as HTMLElement).getByRole('combobox', { name: '選手3 の報告' })).toBeDefined();

    // Another reports meanwhile, without 更新: 全員送信 asks the server who has reported first.
    reportInWizard('dummy_04');
    await user.click(screen.getByRole('button', { name: '全員送信' }));
    await waitFor(() => expect(server.callsTo('POST /api/debug/matches/77/report')).toHaveLength(8));
    const sentFor = server
      .callsTo('POST /api/debug/matches/77/report')
      .map((c) => (c.body as { user_id: string }).user_id);
    expect(sentFor).not.toContain('dummy_03');
    expect(sentFor).not.toContain('dummy_04');
  });

  it("sends each report once on a double click of 全員送信 or of a row's 送信", async () => {
    const { user, server } = openMatchTest({ replyAfterMs: 30 });
    await user.click(await screen.findByRole('button', { name: 'マッチングを実行' }));
    await screen.findByTestId('match-test-progress');
    const row = screen.getByRole('combobox', { name: '選手1 の報告' }).closest('li')!;
    await user.dblClick(within(row).getByRole('button', { name: '送信' }));
    expect(await within(row).findByText('送信済み（ピカチュウ）')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/matches/77/report')).toHaveLength(1);

    await user.dblClick(screen.getByRole('button', { name: '全員送信' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '全員送信' })).toBeEnabled());
    const sentFor = server
      .callsTo('POST /api/debug/matches/77/report')
      .map((c) => (c.body as { user_id: string }).user_id);
    expect(sentFor).toHaveLength(10);
    expect(new Set(sentFor).size).toBe(10);
  });

  it('offers the open matches when no wave was run here', async () => {
    const { user } = renderAsAdmin('/match_test', {
      'GET /api/admin/matches': {
        body: {
          matches: [
            {
              match_id: '55',
              status: 'matched',
              matched_unixtime: 1_700_000_000,
              started_at: 1_700_000_000,
              player_count: 10,
              report_count: 0,
              lobby_id: null,
              host_user_id: 'dummy_01',
              host_trainer_name: '選手1',
              winner_team: null,
            },
          ],
        },
      },
      'GET /api/admin/matches/55': { body: buildAdminMatch({ match_id: '55', status: 'matched' }) },
      'GET /api/debug/matches/55/view': {
        status: 404,
        body: { error: 'このテストアカウントはこの試合に参加していません', code: 'DEBUG_NOT_IN_MATCH' },
      },
    });
    const select = await screen.findByRole('combobox', { name: '試合' });
    await waitFor(() => expect(within(select).getByRole('option', { name: '#55（進行中）' })).toBeInTheDocument());
    await user.selectOptions(select, '#55（進行中）');
    expect(await screen.findByText('試合画面の取得に失敗しました')).toBeInTheDocument();
    expect(screen.getByText('エラー（404）: このテストアカウントはこの試合に参加していません')).toBeInTheDocument();
  });
});

describe('match test screen with the ready check on (issue 35)', () => {
  /** The wave opens ready check #501 instead of a match; ready-all answers `reply` (slowly, to test a double click). */
  function withReadyChecks(reply: { readied: number; started_matches: string[] }) {
    const view = openMatchTest();
    view.server.use({
      'POST /api/debug/matchmaking/trigger': {
        body: {
          message: 'マッチングを実行しました: 準備確認を1件開始',
          ran: true,
          created_matches: [],
          ready_checks: ['501'],
        },
      },
      'POST /api/debug/ready-checks/ready-all': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { body: reply };
      },
    });
    return view;
  }

  it('says 準備確認中, readies every test account once on a double click, and goes on to the started match', async () => {
    const { user, server } = withReadyChecks({ readied: 10, started_matches: ['77'] });
    await user.click(await screen.findByRole('button', { name: 'マッチングを実行' }));
    expect(await screen.findByText('準備確認中: #501')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '試合' })).toHaveValue('');

    await user.dblClick(screen.getByRole('button', { name: 'テストアカウントを全員準備完了にする' }));
    expect(await screen.findByText('10人を準備完了にしました')).toBeInTheDocument();
    expect(screen.getByText('作成された試合: #77')).toBeInTheDocument();
    expect(server.callsTo('POST /api/debug/ready-checks/ready-all')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: '試合' })).toHaveValue('77');
    expect(await screen.findByRole('region', { name: '選手1 の試合画面' })).toBeInTheDocument();
  });

  it('offers ready-all when the scheduled wave took the test accounts into a check a moment before', async () => {
    const { user, server } = openMatchTest();
    server.use({
      'POST /api/debug/matchmaking/trigger': {
        body: { message: 'マッチングを実行しました: 0件作成', ran: true, created_matches: [], ready_checks: [] },
      },
      'POST /api/debug/ready-checks/ready-all': { body: { readied: 10, started_matches: ['77'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'マッチングを実行' }));
    expect(await screen.findByText(/定期のマッチングがテストアカウントの準備確認を始めている場合/)).toBeInTheDocument();
    expect(screen.queryByText(/準備確認中/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'テストアカウントを全員準備完了にする' }));
    expect(await screen.findByText('作成された試合: #77')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '試合' })).toHaveValue('77');
  });

  it('says no match was made while players other than test accounts have not pressed 準備完了', async () => {
    const { user } = withReadyChecks({ readied: 9, started_matches: [] });
    await user.click(await screen.findByRole('button', { name: 'マッチングを実行' }));
    await user.click(await screen.findByRole('button', { name: 'テストアカウントを全員準備完了にする' }));
    expect(await screen.findByText('9人を準備完了にしました')).toBeInTheDocument();
    expect(
      screen.getByText('まだ準備完了していないプレイヤーがいるため、試合は作成されていません。'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '試合' })).toHaveValue('');
  });
});
