import { type DiscordSettings, VALIDATION_MESSAGES } from '@rankmatch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import { buildSettings } from '../src/testing/data.ts';
import type { Handlers, RecordedCall } from '../src/testing/fake-fetch.ts';

// コンテンツ管理 → Discord 連携: the webhook URL (masked), the kinds, the bot, テスト送信 and the latest deliveries.

const MASKED = 'https://discord.com/api/webhooks/1234567890123456789/abcd••••';
const NEW_URL = `https://discord.com/api/webhooks/1234567890123456789/${'Z'.repeat(68)}`;

function buildDiscord(overrides: Partial<DiscordSettings> = {}): DiscordSettings {
  return {
    webhook_url_masked: MASKED,
    kinds: { queue: true, season: true, announcement: false },
    bot_configured: false,
    recent: [
      {
        id: 2,
        kind: 'queue',
        content: 'マッチング待ち 7人 — あと3人で次のマッチングが成立します',
        status: 'sent',
        error: null,
        created_at: 1_800_000_000,
      },
      {
        id: 1,
        kind: 'test',
        content: 'rankmatch からのテスト送信です',
        status: 'failed',
        error: 'Discord 404 (code 10015)',
        created_at: 1_799_990_000,
      },
    ],
    ...overrides,
  };
}

function openDiscord(initial = buildDiscord(), handlers: Handlers = {}) {
  let current = initial;
  const rendered = renderAsAdmin('/admin_control?tab=content', {
    'GET /api/master': {
      body: {
        settings: buildSettings(),
        badges: [],
        pokemon: [],
      },
    },
    'GET /api/admin/discord': () => ({ body: current }),
    'PUT /api/admin/discord': (call: RecordedCall) => {
      const body = call.body as { webhook_url?: string; kinds: DiscordSettings['kinds'] };
      const masked = body.webhook_url === undefined ? current.webhook_url_masked : body.webhook_url ? MASKED : null;
      current = { ...current, webhook_url_masked: masked, kinds: body.kinds };
      return { body: current };
    },
    'POST /api/admin/discord/test': { body: { ok: true } },
    ...handlers,
  });
  return rendered;
}

const section = () => screen.findByRole('region', { name: 'Discord 連携' });

describe('admin content: Discord 連携', () => {
  it('shows the URL masked, the kinds, the bot and the latest deliveries with their state', async () => {
    openDiscord();
    const card = await section();
    expect(await within(card).findByText(MASKED)).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'マッチング待ちの人数（マッチング時間中）' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'シーズンの開始と終了（上位10人）' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'お知らせの更新' })).not.toBeChecked();
    expect(within(card).getByText(/Bot: 未設定/)).toBeInTheDocument();
    const recent = within(card).getByRole('region', { name: '最近の送信' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('送信済み')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/あと3人で次のマッチングが成立します/)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('失敗')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Discord 404 (code 10015)')).toBeInTheDocument();
  });

  it('refuses a URL that is not a Discord webhook before sending, then saves a new one with the kinds', async () => {
    const { user, server } = openDiscord();
    const card = await section();
    const field = await within(card).findByRole('textbox', {
      name: '新しい Webhook URL（空欄のままなら変更しません）',
    });
    await user.type(field, 'https://example.com/hook');
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText(VALIDATION_MESSAGES.DISCORD_WEBHOOK_URL_INVALID)).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/discord')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, NEW_URL);
    await user.click(within(card).getByRole('checkbox', { name: 'お知らせの更新' }));
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('保存しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/discord').map((c) => c.body)).toEqual([
      { webhook_url: NEW_URL, kinds: { queue: true, season: true, announcement: true } },
    ]);
    expect(field).toHaveValue('');
    expect(within(card).queryByText(VALIDATION_MESSAGES.DISCORD_WEBHOOK_URL_INVALID)).not.toBeInTheDocument();
  });

  it('keeps the stored URL when only the kinds change, and removes it after the confirm', async () => {
    const { user, server } = openDiscord();
    const card = await section();
    await user.click(await within(card).findByRole('checkbox', { name: 'マッチング待ちの人数（マッチング時間中）' }));
    await user.click(within(card).getByRole('button', { name: '保存' }));
    expect(await within(card).findByText('保存しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/discord')[0]?.body).toEqual({
      kinds: { queue: false, season: true, announcement: false },
    });

    await user.click(within(card).getByRole('button', { name: 'URL を削除' }));
    await answerConfirm(user, 'Webhook URL を削除しますか？', 'URL を削除');
    expect(await within(card).findByText('Webhook URL を削除しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/admin/discord')[1]?.body).toEqual({
      webhook_url: '',
      kinds: { queue: false, season: true, announcement: false },
    });
    expect(within(card).getByText('未設定（チャンネルには何も送られません）')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'テスト送信' })).toBeDisabled();
  });

  it('sends a test message, and says why when the server refuses', async () => {
    const { user, server } = openDiscord(buildDiscord({ bot_configured: true }));
    const card = await section();
    expect(await within(card).findByText(/Bot: 設定済み/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'テスト送信' }));
    expect(await within(card).findByText(/テストメッセージを送信しました/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/discord/test')).toHaveLength(1);
    // The list is read again after the test message.
    expect(server.callsTo('GET /api/admin/discord').length).toBeGreaterThanOrEqual(2);

    server.use({
      'POST /api/admin/discord/test': {
        status: 409,
        body: {
          error: 'Discord の Webhook URL が設定されていません。先に URL を保存してください',
          code: 'DISCORD_WEBHOOK_NOT_SET',
        },
      },
    });
    await user.click(within(card).getByRole('button', { name: 'テスト送信' }));
    expect(
      await within(card).findByText(
        'エラー（409）: Discord の Webhook URL が設定されていません。先に URL を保存してください',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of a save", async () => {
    const { user } = openDiscord(buildDiscord(), {
      'PUT /api/admin/discord': { status: 403, body: { error: 'この操作を行う権限がありません', code: 'FORBIDDEN' } },
    });
    const card = await section();
    await user.click(await within(card).findByRole('button', { name: '保存' }));
    expect(await within(card).findByText('この操作を行う権限がありません')).toBeInTheDocument();
  });
});
