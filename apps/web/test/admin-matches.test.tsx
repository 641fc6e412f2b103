import { type AdminMatchDetail, formatDateTime } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAdminMatch, renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';

const listItem = (match: AdminMatchDetail) => {
  const { team_a, team_b, settle_reason, settled_at, report_deadline_unixtime, ...item } = match;
  const { user_reports, penalty_summary, penalty_status, refund_options, ...rest } = item;
  return rest;
};

const OPEN = buildAdminMatch({
  match_id: '43',
  status: 'matched',
  report_count: 3,
  lobby_id: null,
  host_trainer_name: null,
  winner_team: null,
  settle_reason: null,
  settled_at: null,
});
const DONE = buildAdminMatch({
  user_reports: [
    {
      user_id: 'dummy_01',
      trainer_name: '選手1',
      team: 'A',
      result: 'A-win',
      outcome: 'win',
      banned_pokemon: '',
      picked_pokemon: 'PIKACHU',
      violation_report: 'dummy_07',
      reported_at: 1_700_000_100,
    },
    {
      user_id: 'dummy_06',
      trainer_name: '選手6',
      team: 'B',
      result: 'A-win',
      outcome: 'lose',
      banned_pokemon: '',
      picked_pokemon: 'SNORLAX',
      violation_report: '',
      reported_at: 1_700_000_200,
    },
    {
      user_id: 'dummy_08',
      trainer_name: '選手8',
      team: 'B',
      result: 'invalid',
      outcome: 'invalid',
      banned_pokemon: '',
      picked_pokemon: '',
      violation_report: '',
      reported_at: 1_700_000_300,
    },
  ],
  penalty_summary: [
    {
      user_id: 'dummy_07',
      trainer_name: '選手7',
      team: 'B',
      report_count: 1,
      reporters: ['dummy_01'],
      penalised: false,
    },
  ],
  penalty_status: { processed: true, penalty_players: ['dummy_07'] },
});

function openMatches(handlers: Handlers = {}) {
  return renderAsAdmin('/admin_control?tab=matches', {
    'GET /api/admin/matches': (call) => {
      const status = new URL(call.url, 'http://localhost').searchParams.get('status');
      const all = [OPEN, DONE].filter((m) => status === 'all' || m.status === status);
      return { body: { matches: all.map(listItem) } };
    },
    'GET /api/admin/matches/42': { body: DONE },
    'GET /api/admin/matches/43': { body: OPEN },
    ...handlers,
  });
}

describe('admin matches: list', () => {
  it('lists matches with status, players, reports out of 10, lobby and host', async () => {
    openMatches();
    const table = await screen.findByRole('table', { name: '試合一覧' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#43');
    expect(rows[0]).toHaveTextContent('進行中');
    expect(rows[0]).toHaveTextContent('10人');
    expect(within(table).getByRole('columnheader', { name: '報告した人数' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('3/10人');
    expect(within(rows[0]!).getAllByText('-')).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('集計済み');
    expect(rows[1]).toHaveTextContent('12345678');
    expect(rows[1]).toHaveTextContent('選手1');
  });

  it('filters by status and refreshes', async () => {
    const { user, server } = openMatches();
    await screen.findByRole('table', { name: '試合一覧' });
    const filter = screen.getByRole('combobox', { name: '状態' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['すべて', '進行中', '集計済み']);
    await user.selectOptions(filter, '集計済み');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('table')).toHaveTextContent('#42');
    await user.click(screen.getByRole('button', { name: '更新' }));
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/matches').map((c) => c.url)).toEqual([
        '/api/admin/matches?status=all',
        '/api/admin/matches?status=done',
        '/api/admin/matches?status=done',
      ]),
    );
  });

  it('says 試合一覧の取得に失敗しました when the list fails', async () => {
    openMatches({ 'GET /api/admin/matches': { status: 500, body: { error: 'サーバーでエラーが発生しました' } } });
    expect(await screen.findByText('試合一覧の取得に失敗しました')).toBeInTheDocument();
  });
});

describe('admin matches: detail', () => {
  it('shows status, lobby, winner, each report, violation totals and penalty status', async () => {
    const { user } = openMatches();
    await user.click(await screen.findByRole('button', { name: '試合 #42 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #42' });
    expect(within(dialog).getByText('勝利チーム').parentElement).toHaveTextContent('チームA');
    expect(within(dialog).getByText('ロビー番号').parentElement).toHaveTextContent('12345678');
    expect(within(dialog).getByText('集計').parentElement).toHaveTextContent('報告の一致');
    expect(within(dialog).getByText('結果報告（2/10人が報告）')).toBeInTheDocument();
    const reports = within(dialog).getAllByRole('table')[0]!;
    const [first, second, third] = within(reports).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('選手1勝利チームA');
    expect(first).toHaveTextContent('選手7');
    expect(second).toHaveTextContent('選手6敗北チームB');
    expect(second).not.toHaveTextContent('原因なし');
    // An invalid report that blames nobody says so (the game failed, a disconnect), not a bare dash.
    expect(third).toHaveTextContent('選手8無効チームB');
    expect(third).toHaveTextContent('原因なし・わからない');
    const violations = within(dialog).getAllByRole('table')[1]!;
    expect(within(violations).getAllByRole('row')[1]).toHaveTextContent('選手7（チームB）1選手1');
    expect(within(dialog).getByText('処理済み')).toBeInTheDocument();
    expect(within(dialog).getByText('対象: 選手7')).toBeInTheDocument();
  });

  it('offers no correction for an open match', async () => {
    const { user } = openMatches();
    await user.click(await screen.findByRole('button', { name: '試合 #43 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #43' });
    expect(await within(dialog).findByText('勝利チーム')).toBeInTheDocument();
    expect(within(dialog).getByText('勝利チーム').parentElement).toHaveTextContent('未確定');
    expect(within(dialog).getByText('まだ報告はありません')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '結果を訂正' })).not.toBeInTheDocument();
  });

  it('says データの読み込みに失敗しました in the modal when the detail fails', async () => {
    const { user } = openMatches({
      'GET /api/admin/matches/42': {
        status: 404,
        body: { error: '試合が見つかりません', code: 'ADMIN_MATCH_NOT_FOUND' },
      },
    });
    await user.click(await screen.findByRole('button', { name: '試合 #42 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #42' });
    expect(await within(dialog).findByText('データの読み込みに失敗しました')).toBeInTheDocument();
    expect(within(dialog).getByText('試合詳細の取得に失敗しました: 試合が見つかりません')).toBeInTheDocument();
  });

  it('corrects a settled match after a confirm that explains the rating recomputation', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const { user, server } = openMatches({
      'POST /api/admin/matches/42/result': {
        body: {
          ...DONE,
          winner_team: null,
          settle_reason: 'admin_correction',
          corrected_at: (DONE.settled_at as number) + 13 * 60,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '試合 #42 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #42' });
    const submit = await within(dialog).findByRole('button', { name: '結果を訂正' });
    // The real rule: this match re-rated, later history and current rate shifted by the difference, later matches kept.
    const text = within(dialog).getByText(/試合時点のレートから計算し直されます/);
    expect(text).toHaveTextContent('その差（新しい変動 − 元の変動）だけずれます');
    expect(text).toHaveTextContent('後の試合は再計算されず');
    expect(text).not.toHaveTextContent('ほかの試合のレートは変わりません');
    expect(within(dialog).getByRole('radio', { name: 'チームAの勝利' })).toBeChecked();
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: '無効試合' }));
    await user.click(submit);
    // The site's own dialog over the match's (issue 21), not the browser's.
    const question = await answerConfirm(user, '試合 #42 の結果を訂正', 'キャンセル');
    expect(question).toContain('試合 #42 の結果を「無効試合」に訂正します');
    expect(question).toContain('その差（新しい変動 − 元の変動）だけずれます');
    expect(server.callsTo('POST /api/admin/matches/42/result')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: '試合 #42' })).toBeInTheDocument();

    await user.click(submit);
    await answerConfirm(user, '試合 #42 の結果を訂正', '訂正する');
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(await within(dialog).findByText('結果を訂正しました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/matches/42/result').map((c) => c.body)).toEqual([{ winner: 'invalid' }]);
    expect(within(dialog).getByText('勝利チーム').parentElement).toHaveTextContent('無効試合');
    // When the admin corrected it, not when it first settled (issue 36, item 11).
    const corrected = formatDateTime((DONE.settled_at as number) + 13 * 60);
    expect(within(dialog).getByText('集計').parentElement).toHaveTextContent(`管理者による訂正（${corrected}）`);
  });

  it('shows the server reason when a correction is refused', async () => {
    const { user } = openMatches({
      'POST /api/admin/matches/42/result': { status: 400, body: { error: '変更がありません', code: 'NO_CHANGES' } },
    });
    await user.click(await screen.findByRole('button', { name: '試合 #42 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #42' });
    await user.click(await within(dialog).findByRole('radio', { name: 'チームBの勝利' }));
    await user.click(within(dialog).getByRole('button', { name: '結果を訂正' }));
    await answerConfirm(user, '試合 #42 の結果を訂正', '訂正する');
    expect(await within(dialog).findByText('結果の訂正に失敗しました')).toBeInTheDocument();
    expect(within(dialog).getByText('変更がありません')).toBeInTheDocument();
  });
});

describe('admin matches: refunds (issue 35)', () => {
  const leaver = { match_id: '42', user_id: 'dummy_07', trainer_name: '選手7', reports: 2, confirmed: false };
  const NAMED = { ...DONE, refund_options: [leaver] };
  const REFUNDED: AdminMatchDetail = {
    ...NAMED,
    team_b: {
      players: NAMED.team_b.players.map((p) => (p.user_id === 'dummy_07' ? p : { ...p, refunded_at: 1_700_001_000 })),
    },
    refund_options: [{ ...leaver, confirmed: true }],
  };

  it("gives a named leaver's team-mates their rate back after a confirm, then marks them 返還済み", async () => {
    const { user, server } = openMatches({
      'GET /api/admin/matches/42': { body: NAMED },
      'POST /api/admin/matches/42/refund': { body: REFUNDED },
    });
    await user.click(await screen.findByRole('button', { name: '試合 #42 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #42' });
    const section = await within(dialog).findByRole('region', { name: 'レートの返還（途中離脱・放置）' });
    expect(section).toHaveTextContent('選手7（通報 2件）');
    const button = within(section).getByRole('button', { name: '選手7 の離脱を認めて返還' });

    await user.click(button);
    const question = await answerConfirm(user, '試合 #42 のレートを返還', 'キャンセル');
    expect(question).toContain('選手7 が途中離脱・放置したことを認め');
    expect(server.callsTo('POST /api/admin/matches/42/refund')).toHaveLength(0);

    await user.click(button);
    await answerConfirm(user, '試合 #42 のレートを返還', '返還する');
    expect(await within(dialog).findByText('レートを返還しました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/matches/42/refund').map((c) => c.body)).toEqual([{ user_id: 'dummy_07' }]);
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).getByText('返還済み')).toBeInTheDocument();
    const teamB = within(dialog).getByRole('region', { name: 'チームB' });
    expect(within(teamB).getAllByText('返還済み')).toHaveLength(4);
  });

  it("shows the server's refusal of a refund", async () => {
    const { user } = openMatches({
      'GET /api/admin/matches/42': { body: NAMED },
      'POST /api/admin/matches/42/refund': {
        status: 409,
        body: {
          error: 'この試合のこのプレイヤーについては、すでにレートを返還しています',
          code: 'REFUND_ALREADY_DONE',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '試合 #42 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #42' });
    await user.click(await within(dialog).findByRole('button', { name: '選手7 の離脱を認めて返還' }));
    await answerConfirm(user, '試合 #42 のレートを返還', '返還する');
    expect(await within(dialog).findByText('レートを返還できませんでした')).toBeInTheDocument();
    expect(
      within(dialog).getByText('この試合のこのプレイヤーについては、すでにレートを返還しています'),
    ).toBeInTheDocument();
  });

  it('says nobody was named as a leaver', async () => {
    const { user } = openMatches();
    await user.click(await screen.findByRole('button', { name: '試合 #42 の詳細' }));
    const dialog = await screen.findByRole('dialog', { name: '試合 #42' });
    const section = await within(dialog).findByRole('region', { name: 'レートの返還（途中離脱・放置）' });
    expect(section).toHaveTextContent('途中離脱・放置として通報されたプレイヤーはいません');
  });
});
