import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsAdmin } from '../src/testing/admin-data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';

const SETTINGS = {
  rules_content: '# ルール\n\n試合は5対5です。',
  announcement_content: '',
  lobby_create_timeout: 150,
  lobby_join_timeout: 250,
  ready_check_seconds: 60,
};

function openContent(handlers: Handlers = {}) {
  return renderAsAdmin('/admin_control?tab=content', {
    'GET /api/master': { body: { settings: SETTINGS, badges: [], pokemon: [] } },
    'PUT /api/master/settings': (call) => {
      const { id, value } = call.body as { id: keyof typeof SETTINGS; value: string | number };
      return { body: { ok: true, settings: { ...SETTINGS, [id]: value } } };
    },
    ...handlers,
  });
}

describe('admin content: markdown settings', () => {
  it('edits the rules with a live preview (no raw HTML) and saves them', async () => {
    const { user, server } = openContent();
    const rules = await screen.findByRole('textbox', { name: 'ルール（Markdown）' });
    expect(rules).toHaveValue(SETTINGS.rules_content);
    const preview = screen.getByRole('region', { name: 'ルール プレビュー' });
    expect(await within(preview).findByRole('heading', { name: 'ルール' })).toBeInTheDocument();

    await user.clear(rules);
    await user.type(rules, '**大事** <b>raw</b>');
    expect(await within(preview).findByText('大事')).toHaveProperty('tagName', 'STRONG');
    expect(preview.querySelector('b')).toBeNull();
    expect(screen.getAllByText('未保存の変更があります')).toHaveLength(1);

    const card = screen.getByRole('region', { name: 'ルール' });
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('保存しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/master/settings').map((c) => c.body)).toEqual([
      { id: 'rules_content', value: '**大事** <b>raw</b>' },
    ]);
    expect(within(card).queryByText('未保存の変更があります')).not.toBeInTheDocument();
  });

  it('opens with the default rules the public page shows when none are saved (issue 21)', async () => {
    const { user, server } = openContent({
      'GET /api/master': { body: { settings: { ...SETTINGS, rules_content: '' }, badges: [], pokemon: [] } },
    });
    const rules = await screen.findByRole('textbox', { name: 'ルール（Markdown）' });
    const text = (rules as HTMLTextAreaElement).value;
    // The nine rules of the rules tab's fallback, as a numbered Markdown list.
    expect(text).toContain('1. 1試合の時間は最大10分です。');
    expect(text).toContain('9. ランキングは最高レート順で決まります。');
    expect(text.match(/^\d\. /gm)).toHaveLength(9);
    const card = screen.getByRole('region', { name: 'ルール' });
    expect(
      within(card).getByText('保存されたルールはありません。ルールタブに表示中の既定のルールを表示しています。'),
    ).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'ルール プレビュー' });
    expect(await within(preview).findByText('初期レートは1500です。')).toBeInTheDocument();
    // Nothing changed yet: nothing to save.
    expect(within(card).queryByText('未保存の変更があります')).not.toBeInTheDocument();
    // Adding a rule keeps the nine and sends them all.
    await user.type(rules, '\n10. 追加のルール');
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('保存しました')).toBeInTheDocument();
    const sent = server.callsTo('PUT /api/master/settings')[0]?.body as { value: string };
    expect(sent.value).toContain('1. 1試合の時間は最大10分です。');
    expect(sent.value).toContain('10. 追加のルール');
  });

  it('keeps an empty announcement empty (there is no default announcement)', async () => {
    openContent();
    expect(await screen.findByRole('textbox', { name: 'お知らせ（Markdown）' })).toHaveValue('');
  });

  it('shows a Markdown syntax hint', async () => {
    openContent();
    expect((await screen.findAllByText('Markdown の書き方')).length).toBe(2);
    expect(screen.getAllByText(/\*\*太字\*\*/)).toHaveLength(2);
  });

  it('shows the server message when saving fails, else 更新に失敗しました', async () => {
    const { user, server } = openContent({
      'PUT /api/master/settings': {
        status: 400,
        body: { error: '本文は20,000文字以内で入力してください', message: '本文は20,000文字以内で入力してください' },
      },
    });
    const card = await screen.findByRole('region', { name: 'お知らせ' });
    await user.type(within(card).getByRole('textbox', { name: 'お知らせ（Markdown）' }), 'メンテナンスのお知らせ');
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('本文は20,000文字以内で入力してください')).toBeInTheDocument();

    server.use({ 'PUT /api/master/settings': { status: 500, body: null } });
    await user.type(within(card).getByRole('textbox', { name: 'お知らせ（Markdown）' }), '!');
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('更新に失敗しました')).toBeInTheDocument();
  });
});

describe('admin content: lobby timeouts', () => {
  it('offers the allowed ranges and saves a changed timeout as a number', async () => {
    const { user, server } = openContent();
    const create = await screen.findByRole('spinbutton', { name: 'ロビー作成のタイムアウト（秒）' });
    const join = screen.getByRole('spinbutton', { name: 'ロビー参加のタイムアウト（秒）' });
    expect(create).toHaveValue(150);
    expect(create).toHaveAttribute('min', '60');
    expect(create).toHaveAttribute('max', '300');
    expect(join).toHaveAttribute('min', '60');
    expect(join).toHaveAttribute('max', '600');

    await user.clear(create);
    await user.type(create, '180');
    const form = create.closest('form')!;
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('保存しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/master/settings').map((c) => c.body)).toEqual([
      { id: 'lobby_create_timeout', value: 180 },
    ]);
  });

  it('refuses a timeout out of range without a request, and says 変更がありません when unchanged', async () => {
    const { user, server } = openContent();
    const join = await screen.findByRole('spinbutton', { name: 'ロビー参加のタイムアウト（秒）' });
    const form = join.closest('form')!;
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('変更がありません')).toBeInTheDocument();
    await user.clear(join);
    await user.type(join, '700');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(
      await within(form).findByText('ロビー参加タイムアウトは60〜600秒の整数で指定してください'),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT /api/master/settings')).toHaveLength(0);
  });

  it('says タイムアウト設定の更新に失敗しました when the server refuses', async () => {
    const { user } = openContent({
      'PUT /api/master/settings': { status: 403, body: { error: 'この操作を行う権限がありません', code: 'FORBIDDEN' } },
    });
    const create = await screen.findByRole('spinbutton', { name: 'ロビー作成のタイムアウト（秒）' });
    await user.clear(create);
    await user.type(create, '90');
    await user.click(within(create.closest('form')!).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('タイムアウト設定の更新に失敗しました')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('この操作を行う権限がありません')).toBeInTheDocument());
  });
});

describe('admin content: the ready check time (issue 35)', () => {
  const RANGE_MESSAGE = '準備確認の時間は0（使わない）または20〜180秒の整数で指定してください';

  it('shows the saved time with 0 = 使わない, and saves 0 (no ready check) or a time within 20–180 s', async () => {
    const { user, server } = openContent();
    const card = await screen.findByRole('region', { name: '準備確認' });
    const field = within(card).getByRole('spinbutton', { name: '準備確認の時間（秒）' });
    expect(field).toHaveValue(60);
    expect(field).toHaveAttribute('min', '0');
    expect(field).toHaveAttribute('max', '180');
    expect(field).toHaveAccessibleDescription('0（使わない）または20〜180秒');

    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('保存しました')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '180');
    await user.click(within(card).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.callsTo('PUT /api/master/settings')).toHaveLength(2));
    expect(server.callsTo('PUT /api/master/settings').map((c) => c.body)).toEqual([
      { id: 'ready_check_seconds', value: 0 },
      { id: 'ready_check_seconds', value: 180 },
    ]);
  });

  it('refuses 1–19 and more than 180 with the shared message, without a request', async () => {
    const { user, server } = openContent();
    const card = await screen.findByRole('region', { name: '準備確認' });
    const field = within(card).getByRole('spinbutton', { name: '準備確認の時間（秒）' });
    for (const value of ['19', '181', '-5', '30.5']) {
      await user.clear(field);
      await user.type(field, value);
      await user.click(within(card).getByRole('button', { name: '保存' }));
      expect(await within(card).findByText(RANGE_MESSAGE)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(server.callsTo('PUT /api/master/settings')).toHaveLength(0);
  });

  it('says 準備確認の設定の更新に失敗しました with the server’s message when refused', async () => {
    const { user } = openContent({
      'PUT /api/master/settings': { status: 400, body: { error: RANGE_MESSAGE, code: 'VALIDATION_ERROR' } },
    });
    const card = await screen.findByRole('region', { name: '準備確認' });
    const field = within(card).getByRole('spinbutton', { name: '準備確認の時間（秒）' });
    await user.clear(field);
    await user.type(field, '90');
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('準備確認の設定の更新に失敗しました')).toBeInTheDocument();
    expect(within(card).getByText(RANGE_MESSAGE)).toBeInTheDocument();
  });
});
