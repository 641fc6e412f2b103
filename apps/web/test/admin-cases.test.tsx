import { type CaseDetail, type CaseList, formatDateTime } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAdminUser, buildCase, buildCaseDetail, renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import { evidenceImage } from '../src/testing/evidence.ts';
import type { Handlers, RecordedCall } from '../src/testing/fake-fetch.ts';

// The admin tab 通報・異議 (issue 34): the moderation queue, a case's detail and the actions that close it.

const LIST = 'GET /api/admin/cases';
const ACTION = 'POST /api/admin/cases/5/action';

const OPEN: CaseList = {
  cases: [
    buildCase(5),
    buildCase(4, {
      kind: 'violations',
      severity: 1,
      match_id: null,
      user_id: 'dummy_09',
      summary: '選手9 への違反報告が30日で4試合',
      opened_at: 1_717_100_000,
    }),
  ],
  open_count: 2,
  median_close_seconds: 3 * 3600,
};
const CLOSED: CaseList = {
  cases: [buildCase(2, { status: 'closed', closed_at: 1_717_090_000, closed_by: 'admin_01', action: 'uphold' })],
  open_count: 2,
  median_close_seconds: 3 * 3600,
};

const statusOf = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams.get('status');

function openCases(handlers: Handlers = {}, detail: CaseDetail = buildCaseDetail()) {
  let current = detail;
  return renderAsAdmin('/admin_control?tab=cases', {
    [LIST]: (call) => ({ body: statusOf(call) === 'closed' ? CLOSED : OPEN }),
    'GET /api/admin/cases/5': () => ({ body: current }),
    'GET /api/admin/cases/4': {
      body: buildCaseDetail({ case: OPEN.cases[1]!, match: null, players: [buildCaseDetail().players[0]!] }),
    },
    'GET /api/evidence/7': () => evidenceImage(),
    'GET /api/evidence/8': () => evidenceImage(),
    [ACTION]: (call) => {
      const body = call.body as { action: CaseDetail['case']['action']; note: string };
      current = { ...current, case: { ...current.case, status: 'closed', action: body.action, note: body.note } };
      return { body: current };
    },
    ...handlers,
  });
}

async function openCase(user: UserEvent, id = 5) {
  await user.click(await screen.findByRole('button', { name: `案件 #${id} を開く` }));
  return screen.findByRole('dialog', { name: `案件 #${id}` });
}

describe('admin 通報・異議: the queue', () => {
  it('is a tab of the panel, with the open count, the median time to close and the cases in the server’s order', async () => {
    const { server } = openCases();
    expect(await screen.findByRole('tab', { name: '通報・異議' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('case-stats')).toHaveTextContent('未対応 2件・対応までの中央値 3時間');
    const items = within(screen.getByRole('list', { name: /案件の一覧/ })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('異議申し立て');
    expect(items[0]).toHaveTextContent('選手7 が結果に異議（勝敗が逆になっている）');
    expect(items[0]).toHaveTextContent(formatDateTime(1_717_300_000));
    expect(within(items[0]!).getByRole('link', { name: '試合 #42' })).toHaveAttribute('href', '/matches/42');
    expect(within(items[0]!).getByRole('link', { name: 'dummy_07' })).toHaveAttribute(
      'href',
      '/admin_control?tab=users&user=dummy_07',
    );
    expect(items[1]).toHaveTextContent('違反報告が基準を超えたプレイヤー');
    expect(statusOf(server.callsTo(LIST)[0]!)).toBe('open');
  });

  it('switches to the closed cases', async () => {
    const { user, server } = openCases();
    await screen.findByTestId('case-stats');
    await user.selectOptions(screen.getByLabelText('表示'), '対応済み');
    expect(await screen.findByText('結果を維持')).toBeInTheDocument();
    expect(server.callsTo(LIST).map(statusOf)).toContain('closed');
  });

  it('says so when the median cannot be told yet', async () => {
    openCases({ [LIST]: { body: { cases: [], open_count: 0, median_close_seconds: null } } });
    expect(await screen.findByTestId('case-stats')).toHaveTextContent('未対応 0件・対応までの中央値 記録なし');
    expect(screen.getByText('未対応の案件はありません')).toBeInTheDocument();
  });
});

describe('admin 通報・異議: a case', () => {
  it("shows the match's reports with reason, note and screenshot, the disputes and each player's record", async () => {
    const { user, server } = openCases();
    const dialog = await openCase(user);
    const reports = within(dialog).getByRole('region', { name: '報告（2件）' });
    const rows = within(reports).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('選手1');
    expect(rows[1]).toHaveTextContent('チームAの勝利');
    expect(rows[1]).toHaveTextContent('選手7');
    expect(rows[1]).toHaveTextContent('暴言・迷惑行為');
    expect(rows[1]).toHaveTextContent('チャットで暴言');
    expect(within(dialog).getByText('こちらが勝っていた')).toBeInTheDocument();
    expect(within(dialog).getByText('選手7 の異議')).toBeInTheDocument();

    const players = within(dialog).getByRole('region', { name: '関係するプレイヤー' });
    expect(players).toHaveTextContent('報告 40・一致 34・反対 6（単独 6）・単独で反対する割合 1.2%〜34.6%');
    expect(players).toHaveTextContent('報告 0・一致 0・反対 0（単独 0）・単独で反対する割合 -');

    // The screenshot is read with the admin's token, shown small, and full size on a tap.
    await user.click(await within(reports).findByRole('button', { name: 'スクリーンショット 1 を拡大' }));
    const full = await screen.findByRole('dialog', { name: 'スクリーンショット 1' });
    expect(within(full).getByRole('img', { name: 'スクリーンショット 1' }).getAttribute('src')).toMatch(/^blob:/);
    expect(server.callsTo('GET /api/evidence/7')[0]?.authorization).toMatch(/^Bearer /);
  });

  it('結果を訂正 needs the winning team, then asks for confirmation and closes the case; the list reloads', async () => {
    const { user, server } = openCases();
    const dialog = await openCase(user);
    await user.click(within(dialog).getByRole('radio', { name: '結果を訂正' }));
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('訂正後の勝利チーム（A か B）を指定してください');
    await user.click(within(dialog).getByRole('radio', { name: 'チームBの勝利' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'メモ（プレイヤーへの説明・記録）' }), '動画で確認');
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    const lists = server.callsTo(LIST).length;
    const message = await answerConfirm(user, '案件 #5 に対応しますか？', '対応して閉じる');
    expect(message).toContain('「結果を訂正」（チームBの勝利）');

    expect(await within(dialog).findByText('この案件は対応済みです。')).toBeInTheDocument();
    expect(server.callsTo(ACTION)).toHaveLength(1);
    expect(server.callsTo(ACTION)[0]?.body).toEqual({ action: 'correct', winner: 'B', note: '動画で確認' });
    await waitFor(() => expect(server.callsTo(LIST).length).toBeGreaterThan(lists));
  });

  it('警告 needs a player of the case, and sends nothing when the confirmation is cancelled', async () => {
    const { user, server } = openCases();
    const dialog = await openCase(user);
    await user.click(within(dialog).getByRole('radio', { name: '警告' }));
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '対象のプレイヤー（この案件の関係者）を指定してください',
    );
    await user.selectOptions(within(dialog).getByLabelText('対象のプレイヤー'), 'dummy_07');
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    await answerConfirm(user, '案件 #5 に対応しますか？', 'キャンセル');
    expect(server.callsTo(ACTION)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    await answerConfirm(user, '案件 #5 に対応しますか？', '対応して閉じる');
    await within(dialog).findByText('この案件は対応済みです。');
    expect(server.callsTo(ACTION)[0]?.body).toEqual({ action: 'warn', user_id: 'dummy_07', note: '' });
  });

  it('途中離脱・放置を認め返還 needs a named player and match, then sends both (issue 35)', async () => {
    const named = { match_id: '42', user_id: 'dummy_07', trainer_name: '選手7', reports: 1, confirmed: false };
    const { user, server } = openCases({}, buildCaseDetail({ refund_options: [named] }));
    const dialog = await openCase(user);
    expect(within(dialog).getByText(/通報・異議を送ったプレイヤーには/)).toHaveTextContent('内容は伝えません');
    await user.click(within(dialog).getByRole('radio', { name: '途中離脱・放置を認め、味方にレートを返還' }));
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('「途中離脱」または「放置・AFK」として通報された');
    await user.selectOptions(within(dialog).getByLabelText('途中離脱・放置したプレイヤーと試合'), '42:dummy_07');
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    const message = await answerConfirm(user, '案件 #5 に対応しますか？', '対応して閉じる');
    expect(message).toContain('選手7 — 試合 #42（通報 1件）');
    await within(dialog).findByText('この案件は対応済みです。');
    expect(server.callsTo(ACTION)[0]?.body).toEqual({
      action: 'refund',
      user_id: 'dummy_07',
      match_id: '42',
      note: '',
    });
  });

  it('offers no refund when nobody was named as a leaver, or it is confirmed already', async () => {
    const confirmed = { match_id: '42', user_id: 'dummy_07', trainer_name: '選手7', reports: 1, confirmed: true };
    const { user } = openCases({}, buildCaseDetail({ refund_options: [confirmed] }));
    const dialog = await openCase(user);
    expect(within(dialog).getByRole('radio', { name: '結果を訂正' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: '途中離脱・放置を認め、味方にレートを返還' })).toBeNull();
  });

  it('refuses a note over 200 characters', async () => {
    const { user, server } = openCases();
    const dialog = await openCase(user);
    await user.click(within(dialog).getByRole('radio', { name: '対応不要として閉じる' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'メモ（プレイヤーへの説明・記録）' }));
    await user.paste('う'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('メモは200文字以内で入力してください');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.callsTo(ACTION)).toHaveLength(0);
  });

  it("offers only a player's actions for a case about a player, not a match's", async () => {
    const { user } = openCases();
    const dialog = await openCase(user, 4);
    const actions = within(dialog).getByRole('group', { name: '対応の種類' });
    expect(
      within(actions)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['警告', 'マッチング停止', 'ペナルティ +1', 'ペナルティ −1', '対応不要として閉じる']);
  });

  it("shows the server's refusal and keeps the case open", async () => {
    const { user } = openCases({
      [ACTION]: { status: 409, body: { error: 'この案件はすでに対応済みです', code: 'CASE_CLOSED' } },
    });
    const dialog = await openCase(user);
    await user.click(within(dialog).getByRole('radio', { name: '結果を維持' }));
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    await answerConfirm(user, '案件 #5 に対応しますか？', '対応して閉じる');
    expect(await within(dialog).findByText('この案件はすでに対応済みです')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '対応する' })).toBeInTheDocument();
  });
});

describe('admin user page: the reporter record', () => {
  it('shows reports, agreed, dissented, alone and the interval as %, opened from ?user=', async () => {
    const user = buildAdminUser({
      reporter_record: {
        reports: 25,
        agreed: 20,
        dissented: 5,
        alone: 4,
        alone_rate_low: 0.064,
        alone_rate_high: 0.3608,
      },
    });
    renderAsAdmin('/admin_control?tab=users&user=dummy_05', {
      'GET /api/admin/users/dummy_05': { body: user },
    });
    const heading = await screen.findByRole('heading', { name: '報告の記録' });
    const facts = heading.nextElementSibling as HTMLElement;
    expect(facts).toHaveTextContent('報告25');
    expect(facts).toHaveTextContent('結果と一致20');
    expect(facts).toHaveTextContent('結果と不一致5');
    expect(facts).toHaveTextContent('一人だけ不一致4');
    expect(facts).toHaveTextContent('一人だけ不一致の割合6.4%〜36.1%');
  });
});
