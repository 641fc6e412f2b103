import { DEFAULT_NOTIFICATION_PREFS, type NotificationSettings } from '@rankmatch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applicationServerKey, deviceLabel } from '../src/features/notifications/push-device.ts';
import { buildProfile } from '../src/testing/data.ts';
import type { RecordedCall } from '../src/testing/fake-fetch.ts';
import { installFakePush, NEW_ENDPOINT } from '../src/testing/fake-push.ts';
import { buildNotificationSettings, buildPushDevice, TEST_VAPID_KEY } from '../src/testing/notifications-data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// My page's 通知 card (issue 24): this device's push subscription (jsdom has no push: src/testing/fake-push.ts stands
// in for the browser), the player's devices, and the choices saved with PUT /api/notifications/me.

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * My page, signed in, with a server that keeps the player's settings: POST adds a device, DELETE removes it, PUT
 * replaces the choices (or answers `putError`).
 */
function openMyPage(
  initial: Partial<NotificationSettings> = {},
  options: { putError?: { error: string; code: string } } = {},
) {
  signInAs(buildProfile(), { cacheProfile: true });
  let settings = buildNotificationSettings(initial);
  return renderApp('/?tab=mypage', {
    'GET /api/notifications/me': () => ({ body: settings }),
    'PUT /api/notifications/me': (call: RecordedCall) => {
      if (options.putError) return { status: 400, body: options.putError };
      settings = { ...settings, prefs: call.body as NotificationSettings['prefs'] };
      return { body: settings };
    },
    'POST /api/notifications/push-subscriptions': (call: RecordedCall) => {
      const body = call.body as { endpoint: string; label: string };
      const device = buildPushDevice({ id: 'dev-new', endpoint: body.endpoint, label: body.label });
      settings = { ...settings, devices: [...settings.devices, device] };
      return { status: 201, body: device };
    },
    'DELETE /api/notifications/push-subscriptions': (call: RecordedCall) => {
      const { endpoint } = call.body as { endpoint: string };
      settings = { ...settings, devices: settings.devices.filter((d) => d.endpoint !== endpoint) };
      return { body: { ok: true } };
    },
  });
}

/** The 通知 card once the settings have loaded. */
async function card() {
  const section = await screen.findByRole('region', { name: '通知' });
  await within(section).findByRole('button', { name: '通知設定を保存' });
  return section;
}
const deviceStatus = async (text: string) =>
  vi.waitFor(() => expect(screen.getByTestId('push-device-status')).toHaveTextContent(text));

describe('notifications: this device', () => {
  it('says a browser without push is not supported, and still offers the choices', async () => {
    openMyPage();
    const section = await card();
    await deviceStatus('このブラウザは対応していません');
    expect(within(section).queryByRole('button', { name: 'この端末で通知を受け取る' })).not.toBeInTheDocument();
    expect(within(section).getByRole('checkbox', { name: /マッチング成立/ })).toBeChecked();
  });

  it('tells an iPhone browser tab to add the site to the home screen (iOS 16.4+)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    openMyPage();
    await deviceStatus('ホーム画面に追加すると受け取れます');
    expect(await card()).toHaveTextContent('「ホーム画面に追加」');
  });

  it('says when notifications are blocked, and how to allow them', async () => {
    installFakePush({ permission: 'denied' });
    openMyPage();
    await deviceStatus('通知がブロックされています');
    expect(await card()).toHaveTextContent('「通知」を「許可」に変えて');
  });

  it('turns on: asks permission from the click, subscribes with the server key, registers the device', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME);
    const push = installFakePush({ permission: 'default', answer: 'granted' });
    const { user, server } = openMyPage();
    await deviceStatus('通知を受け取っていません');
    await user.click(screen.getByRole('button', { name: 'この端末で通知を受け取る' }));
    await deviceStatus('通知を受け取っています');
    expect(push.notification.prompts).toBe(1);
    expect(push.subscribes).toHaveLength(1);
    expect(push.subscribes[0]?.userVisibleOnly).toBe(true);
    expect([...(push.subscribes[0]?.applicationServerKey ?? [])]).toEqual([...applicationServerKey(TEST_VAPID_KEY)]);
    expect(server.callsTo('POST /api/notifications/push-subscriptions')[0]?.body).toMatchObject({
      endpoint: NEW_ENDPOINT,
      expirationTime: null,
      keys: { p256dh: expect.any(String), auth: expect.any(String) },
      label: 'Android・Chrome',
    });
    const devices = screen.getByRole('list', { name: '通知を受け取る端末' });
    expect(within(devices).getByText('この端末')).toBeInTheDocument();
  });

  it('turns off: removes the device on the server and unsubscribes the browser', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: NEW_ENDPOINT });
    const { user, server } = openMyPage({ devices: [buildPushDevice({ endpoint: NEW_ENDPOINT })] });
    await deviceStatus('通知を受け取っています');
    await user.click(screen.getByRole('button', { name: 'この端末の通知をオフにする' }));
    await deviceStatus('通知を受け取っていません');
    expect(server.callsTo('DELETE /api/notifications/push-subscriptions')[0]?.body).toEqual({ endpoint: NEW_ENDPOINT });
    expect(push.unsubscribes).toBe(1);
  });

  it('a subscription the server does not have is off (turning on registers it again)', async () => {
    installFakePush({ permission: 'granted', subscribed: NEW_ENDPOINT });
    openMyPage({ devices: [] });
    await deviceStatus('通知を受け取っていません');
  });

  it('a dismissed prompt or a failed subscription is said in place; nothing is registered', async () => {
    installFakePush({ permission: 'default', answer: 'default' });
    const { user, server } = openMyPage();
    await deviceStatus('通知を受け取っていません');
    await user.click(screen.getByRole('button', { name: 'この端末で通知を受け取る' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('通知が許可されませんでした');
    expect(server.callsTo('POST /api/notifications/push-subscriptions')).toHaveLength(0);
  });

  it('says why a subscription failed', async () => {
    installFakePush({ permission: 'granted', subscribeError: new Error('push service not available') });
    const { user } = openMyPage();
    await deviceStatus('通知を受け取っていません');
    await user.click(screen.getByRole('button', { name: 'この端末で通知を受け取る' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'この端末を通知に登録できませんでした（push service not available）',
    );
  });

  it('lists the other devices, which can be removed from here', async () => {
    installFakePush({ permission: 'granted' });
    const other = buildPushDevice({
      endpoint: 'https://fcm.googleapis.com/fcm/send/old-phone',
      label: 'Android・Chrome',
    });
    const { user, server } = openMyPage({ devices: [other] });
    await user.click(await screen.findByRole('button', { name: 'Android・Chrome の通知を解除' }));
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: '通知を受け取る端末' })).not.toBeInTheDocument());
    expect(server.callsTo('DELETE /api/notifications/push-subscriptions')[0]?.body).toEqual({
      endpoint: other.endpoint,
    });
  });
});

describe('notifications: choices', () => {
  it('saves the kinds and the queue alert (N, hours, by push) with PUT', async () => {
    const initial = structuredClone(DEFAULT_NOTIFICATION_PREFS);
    initial.push.queue_near = false;
    // A device of the player's receives push (without one, saving says so: the test below).
    const { user, server } = openMyPage({ prefs: initial, devices: [buildPushDevice()] });
    const section = await card();
    await user.click(within(section).getByRole('checkbox', { name: /ロビー番号の決定/ }));
    const alert = within(section).getByRole('group', { name: 'レートの近いプレイヤーがマッチング待ちのとき' });
    expect(within(alert).getByLabelText('お知らせする人数')).toBeDisabled();
    await user.click(within(alert).getByRole('checkbox', { name: /お知らせを受け取る/ }));
    // On without a way to be told: said at once, and not saved.
    expect(within(section).getByText('お知らせの方法を1つ以上選んでください。')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: '通知設定を保存' })).toBeDisabled();
    await user.click(within(alert).getByRole('checkbox', { name: 'プッシュ通知' }));
    await user.selectOptions(within(alert).getByLabelText('お知らせする人数'), '4');
    await user.selectOptions(within(alert).getByLabelText('開始'), '20');
    await user.selectOptions(within(alert).getByLabelText('終了'), '23');
    expect(within(alert).getByText(/4人以上待っていたら/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '通知設定を保存' }));

    expect(await within(section).findByText('通知設定を保存しました')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/notifications/me')[0]?.body).toEqual({
      push: { ...initial.push, lobby_set: false, queue_near: true },
      discord_dm: DEFAULT_NOTIFICATION_PREFS.discord_dm,
      near_alert: { enabled: true, min_players: 4, from_hour: 20, to_hour: 23 },
    });
    expect(within(section).getByRole('button', { name: '通知設定を保存' })).toBeDisabled();
  });

  it('says at once when nothing can bring what was chosen: no device receives push, no Discord DM', async () => {
    const { user } = openMyPage({ devices: [] });
    const section = await card();
    await user.click(within(section).getByRole('checkbox', { name: /ペナルティ・利用停止/ }));
    await user.click(within(section).getByRole('button', { name: '通知設定を保存' }));
    const said = await within(section).findByText(/いまはお知らせを受け取れる端末がありません/);
    expect(said).toHaveTextContent('「この端末で通知を受け取る」を押すか');
    expect(within(section).queryByText('通知設定を保存しました')).not.toBeInTheDocument();
  });

  it('tells the player when the push service dropped their last device', async () => {
    openMyPage({ devices: [], devices_lost_at: 1_764_300_000 });
    const section = await card();
    expect(within(section).getByText(/登録していた端末の通知が無効になりました/)).toBeInTheDocument();
  });

  it('refuses the same start and end hour with the shared validation message', async () => {
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFS);
    prefs.near_alert.enabled = true;
    prefs.push.queue_near = true;
    const { user } = openMyPage({ prefs });
    const section = await card();
    await user.selectOptions(within(section).getByLabelText('開始'), '20');
    await user.selectOptions(within(section).getByLabelText('終了'), '20');
    expect(within(section).getByText(/開始と終了を別の時刻にしてください/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: '通知設定を保存' })).toBeDisabled();
  });

  it("shows the server's error in place", async () => {
    const { user } = openMyPage(
      {},
      { putError: { error: '通知の種類が正しくありません', code: 'NOTIFY_KIND_INVALID' } },
    );
    const section = await card();
    await user.click(within(section).getByRole('checkbox', { name: /ペナルティ・利用停止/ }));
    await user.click(within(section).getByRole('button', { name: '通知設定を保存' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('通知の種類が正しくありません');
  });

  it('offers Discord direct messages only when the server can send them', async () => {
    const { user, server, unmount } = openMyPage({ discord_dm_available: true });
    const section = await card();
    const dm = within(section).getByRole('group', { name: 'Discord のダイレクトメッセージ' });
    await user.click(within(dm).getByRole('checkbox', { name: 'マッチング成立' }));
    await user.click(within(section).getByRole('checkbox', { name: /お知らせを受け取る/ }));
    await user.click(within(section).getByRole('checkbox', { name: 'Discord の DM' }));
    await user.click(within(section).getByRole('button', { name: '通知設定を保存' }));
    await within(section).findByText('通知設定を保存しました');
    expect(server.callsTo('PUT /api/notifications/me')[0]?.body).toMatchObject({
      discord_dm: { match_found: true, queue_near: true },
      near_alert: { enabled: true },
    });
    unmount();

    openMyPage({ discord_dm_available: false });
    const without = await card();
    expect(within(without).queryByRole('group', { name: 'Discord のダイレクトメッセージ' })).not.toBeInTheDocument();
    expect(within(without).queryByRole('checkbox', { name: 'Discord の DM' })).not.toBeInTheDocument();
  });
});

describe('device labels', () => {
  it('names the system and the browser, or the home-screen app', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Android・Chrome');
    expect(deviceLabel(IPHONE_SAFARI, true)).toBe('iPhone・ホーム画面のアプリ');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Windows・Edge');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Linux・Firefox',
    );
    expect(deviceLabel('')).toBe('ブラウザ');
  });
});
