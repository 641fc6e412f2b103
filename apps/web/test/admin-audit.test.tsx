import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAuditEntry, renderAsAdmin } from '../src/testing/admin-data.ts';
import type { RecordedCall } from '../src/testing/fake-fetch.ts';

const params = (call: RecordedCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '/', 'http://localhost').searchParams);

function openAudit() {
  const newest = [
    buildAuditEntry(60),
    buildAuditEntry(59, {
      action: 'season.create',
      target_type: 'season',
      target_id: 's3',
      before: null,
      after: { id: 's3', name: 'シーズン3' },
    }),
    buildAuditEntry(58, {
      actor_name: null,
      actor_id: 'gone_user',
      action: 'settings.update',
      target_id: 'rules_content',
    }),
  ];
  const older = [buildAuditEntry(10, { action: 'season.delete', target_id: 's0', before: { id: 's0' }, after: null })];
  return renderAsAdmin('/admin_control?tab=audit', {
    'GET /api/admin/audit': (call) =>
      params(call).before_id === '58'
        ? { body: { entries: older, next_before_id: null } }
        : { body: { entries: newest, next_before_id: 58 } },
  });
}

describe('admin audit log', () => {
  it('shows time in Japan, actor, the action in Japanese, target and before → after per field, newest first', async () => {
    openAudit();
    const log = await screen.findByRole('list', { name: '操作ログ' });
    const entries = within(log).getAllByRole('listitem', { name: /./ });
    expect(entries).toHaveLength(3);
    const [userEdit, created, settings] = entries as [HTMLElement, HTMLElement, HTMLElement];
    // 1_700_000_060 is 2023-11-14 22:14 UTC: 2023/11/15 07:14 in Japan, whatever the browser's zone.
    expect(within(userEdit).getByText('2023/11/15 07:14')).toBeInTheDocument();
    expect(userEdit).toHaveTextContent('運営太郎');
    expect(userEdit).toHaveTextContent('admin_01');
    expect(within(userEdit).getByText('ユーザー編集')).toBeInTheDocument();
    expect(userEdit).not.toHaveTextContent('user.update');
    expect(userEdit).toHaveTextContent('dummy_05');
    // Only the field that changed, by its Japanese name, before → after.
    expect(within(userEdit).getByText('レート')).toBeInTheDocument();
    expect(within(userEdit).getByText('1,500 → 1,600')).toBeInTheDocument();
    expect(userEdit).not.toHaveTextContent('is_banned');
    expect(userEdit).not.toHaveTextContent('利用停止');
    // Something created: its fields, not raw JSON.
    expect(within(created).getByText('シーズン作成')).toBeInTheDocument();
    expect(created).toHaveTextContent('作成');
    expect(created).toHaveTextContent('名前シーズン3');
    expect(created).not.toHaveTextContent('{');
    expect(within(settings).getByText('設定の変更')).toBeInTheDocument();
    expect(settings).toHaveTextContent('gone_user');
  });

  it('writes dates, flags, lists and rating corrections as words, never unix seconds or JSON', async () => {
    renderAsAdmin('/admin_control?tab=audit', {
      'GET /api/admin/audit': {
        body: {
          entries: [
            buildAuditEntry(3, {
              action: 'season.update',
              target_type: 'season',
              target_id: 's3',
              before: { start_date: 1_743_476_400, is_active: false, name: '春' },
              after: { start_date: 1_743_562_800, is_active: true, name: '春' },
            }),
            buildAuditEntry(2, {
              action: 'user.update',
              before: { is_banned: false, owned_badges: ['badge_001'] },
              after: { is_banned: true, owned_badges: ['badge_001', 'badge_075'] },
            }),
            buildAuditEntry(1, {
              action: 'match.correct',
              target_type: 'match',
              target_id: '42',
              before: { winner: 'A', settle_reason: 'consensus' },
              after: { winner: 'invalid', changes: [{ user_id: 'dummy_01', old_delta: 12, new_delta: 0 }] },
            }),
          ],
          next_before_id: null,
        },
      },
    });
    const log = await screen.findByRole('list', { name: '操作ログ' });
    const [season, ban, correction] = within(log).getAllByRole('listitem', { name: /./ }) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // 1743476400 = 2025-04-01 03:00 UTC = 12:00 in Japan.
    expect(within(season).getByText('2025/04/01 12:00 → 2025/04/02 12:00')).toBeInTheDocument();
    expect(within(season).getByText('いいえ → はい')).toBeInTheDocument();
    expect(season).not.toHaveTextContent('1743476400');
    expect(within(ban).getByText('利用停止')).toBeInTheDocument();
    expect(within(ban).getByText('S0 1位 → S0 1位、第1回大会 優勝')).toBeInTheDocument();
    expect(within(correction).getByText('試合結果の訂正')).toBeInTheDocument();
    expect(within(correction).getByText('チームAの勝利 → 無効試合')).toBeInTheDocument();
    expect(within(correction).getByText('dummy_01: +12 → +0')).toBeInTheDocument();
    expect(correction).not.toHaveTextContent('{');
  });

  it('writes the test tools, Discord and order entries in Japanese, never codes, English keys or JSON', async () => {
    const debug = (
      id: number,
      action: string,
      after: unknown,
      target = { target_type: 'system', target_id: 'queue' },
    ) => buildAuditEntry(id, { action, ...target, before: null, after });
    renderAsAdmin('/admin_control?tab=audit', {
      'GET /api/admin/audit': {
        body: {
          entries: [
            debug(6, 'debug.matchmaking', {
              ran: true,
              processed_matches: 0,
              created_matches: ['12'],
              candidates: 10,
              matched: 10,
              dropped: 0,
            }),
            debug(5, 'debug.queue_fill', {
              requested: 10,
              enqueued: ['dummy_01'],
              skipped: [{ user_id: 'dummy_02', reason: 'ペナルティのためキューに参加できません' }],
            }),
            debug(
              4,
              'debug.report',
              { user_id: 'dummy_01', result: 'A-win' },
              { target_type: 'match', target_id: '12' },
            ),
            debug(3, 'debug.report_all', { result: 'invalid', matches: ['12'], reported: 9, settled: 1 }),
            buildAuditEntry(2, {
              action: 'discord.settings',
              target_type: 'discord_settings',
              target_id: '1',
              before: { webhook_url: null, kinds: { queue: false, season: false, announcement: false } },
              after: {
                webhook_url: 'https://discord.com/api/webhooks/1…',
                kinds: { queue: true, season: false, announcement: true },
                webhook_url_changed: true,
              },
            }),
            buildAuditEntry(1, {
              action: 'order.fulfil',
              target_type: 'order',
              target_id: 'o1',
              before: { status: 'paid', problem: 'sold_out' },
              after: { outcome: 'fulfilled' },
            }),
          ],
          next_before_id: null,
        },
      },
    });
    const log = await screen.findByRole('list', { name: '操作ログ' });
    const [wave, fill, report, reportAll, discord, order] = within(log).getAllByRole('listitem', { name: /./ }) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(wave).toHaveTextContent('キュー');
    expect(wave).not.toHaveTextContent('システム');
    expect(wave).toHaveTextContent('マッチした人数10');
    expect(wave).toHaveTextContent('外れた人数0');
    expect(fill).toHaveTextContent('dummy_02（ペナルティのためキューに参加できません）');
    expect(report).toHaveTextContent('報告した結果チームAの勝利');
    expect(reportAll).toHaveTextContent('報告した結果無効試合');
    expect(reportAll).toHaveTextContent('対象の試合#12');
    expect(discord).toHaveTextContent('Discord 設定の変更');
    expect(discord).toHaveTextContent('マッチング待ちの人数（マッチング時間中）、お知らせの更新');
    expect(order).toHaveTextContent('支払い済み（付与待ち） → なし');
    expect(order).toHaveTextContent('付与しました');
    for (const entry of [wave, fill, report, reportAll, discord, order]) {
      // Outside ids and the masked URL, no code or field name of the server is left in English.
      const text = (entry.textContent ?? '').replace(/dummy_\d+|admin_01|https:\S+|Discord|Webhook URL|ID/g, '');
      expect(text).not.toMatch(/[a-z]{2,}|[{}]/);
    }
  });

  it('names each field of a created season once: the end date and the end of the season end differ', async () => {
    renderAsAdmin('/admin_control?tab=audit', {
      'GET /api/admin/audit': {
        body: {
          entries: [
            buildAuditEntry(1, {
              action: 'season.create',
              target_type: 'season',
              target_id: 's3',
              before: null,
              after: { id: 's3', start_date: 1_743_476_400, end_date: 1_743_562_800, ended_at: null },
            }),
          ],
          next_before_id: null,
        },
      },
    });
    const log = await screen.findByRole('list', { name: '操作ログ' });
    const labels = within(log)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(labels).toContain('終了日時');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('loads older entries with もっと見る until there are none', async () => {
    const { user, server } = openAudit();
    await screen.findByRole('list', { name: '操作ログ' });
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    const log = screen.getByRole('list', { name: '操作ログ' });
    await waitFor(() => expect(within(log).getAllByRole('listitem', { name: /./ })).toHaveLength(4));
    expect(params(server.callsTo('GET /api/admin/audit')[1])).toEqual({ limit: '50', before_id: '58' });
    expect(within(log).getAllByRole('listitem', { name: /./ })[3]).toHaveTextContent('シーズン削除');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });

  it('filters by actor, action prefix and target', async () => {
    const { user, server } = openAudit();
    await screen.findByRole('list', { name: '操作ログ' });
    await user.type(screen.getByRole('textbox', { name: '実行者 ID' }), ' admin_01 ');
    await user.selectOptions(screen.getByRole('combobox', { name: '操作' }), 'シーズン（season.）');
    await user.type(screen.getByRole('textbox', { name: '対象 ID' }), 's3');
    await user.click(screen.getByRole('button', { name: '絞り込む' }));
    await waitFor(() => expect(server.callsTo('GET /api/admin/audit')).toHaveLength(2));
    expect(params(server.callsTo('GET /api/admin/audit')[0])).toEqual({ limit: '50' });
    expect(params(server.callsTo('GET /api/admin/audit')[1])).toEqual({
      actor: 'admin_01',
      action: 'season.',
      target: 's3',
      limit: '50',
    });
    await user.click(screen.getByRole('button', { name: '条件をクリア' }));
    expect(screen.getByRole('textbox', { name: '実行者 ID' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: '操作' })).toHaveValue('');
  });

  it('filters the shop order fulfilments by the order. prefix', async () => {
    const { user, server } = openAudit();
    await screen.findByRole('list', { name: '操作ログ' });
    await user.selectOptions(screen.getByRole('combobox', { name: '操作' }), '注文（order.）');
    await user.click(screen.getByRole('button', { name: '絞り込む' }));
    await waitFor(() => expect(server.callsTo('GET /api/admin/audit')).toHaveLength(2));
    expect(params(server.callsTo('GET /api/admin/audit')[1])).toEqual({ action: 'order.', limit: '50' });
  });

  it('says 操作ログの取得に失敗しました when the log cannot be read', async () => {
    renderAsAdmin('/admin_control?tab=audit', {
      'GET /api/admin/audit': { status: 500, body: { error: 'サーバーでエラーが発生しました' } },
    });
    expect(await screen.findByText('操作ログの取得に失敗しました')).toBeInTheDocument();
  });
});
