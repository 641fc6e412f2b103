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
  it('shows time, actor, action, target and the changed keys, newest first', async () => {
    openAudit();
    const table = await screen.findByRole('table', { name: '操作ログ' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('運営太郎');
    expect(rows[0]).toHaveTextContent('admin_01');
    expect(rows[0]).toHaveTextContent('user.update');
    expect(rows[0]).toHaveTextContent('dummy_05');
    // Only the key that changed, before → after.
    expect(within(rows[0]!).getByText('rate: 1500 → 1600')).toBeInTheDocument();
    expect(rows[0]).not.toHaveTextContent('is_banned');
    expect(rows[1]).toHaveTextContent('作成');
    expect(rows[1]).toHaveTextContent('{"id":"s3","name":"シーズン3"}');
    expect(rows[2]).toHaveTextContent('gone_user');
  });

  it('loads older entries with もっと見る until there are none', async () => {
    const { user, server } = openAudit();
    await screen.findByRole('table', { name: '操作ログ' });
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    expect(params(server.callsTo('GET /api/admin/audit')[1])).toEqual({ limit: '50', before_id: '58' });
    expect(screen.getAllByRole('row')[4]).toHaveTextContent('削除');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });

  it('filters by actor, action prefix and target', async () => {
    const { user, server } = openAudit();
    await screen.findByRole('table', { name: '操作ログ' });
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
    await screen.findByRole('table', { name: '操作ログ' });
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
