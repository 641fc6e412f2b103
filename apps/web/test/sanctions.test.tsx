import { type AdminSanctions, type AdminSuspension, ERRORS, type UserProfile } from '@rankmatch/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminUser, buildCaseDetail, renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import { buildProfile, buildQueueInfo } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// Sanctions in proportion (issue 35): the suspended player is told until when and why (queue panel, my page) and the
// notice leaves when an admin lifts it; the admin's user tab suspends, lifts and warns; a case can suspend its player.

const now = () => Math.floor(Date.now() / 1000);
/** Until when, as Intl prints it in Japan time: the reference the site's own format must match. */
const japanMonthDayTime = (unix: number) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(unix * 1000);

const REASON = '試合中の暴言が続いたため';

describe('the suspended player', () => {
  function openAs(url: string, profile: Partial<UserProfile>) {
    let current = buildProfile(profile);
    signInAs(current, { cacheProfile: true });
    const app = renderApp(url, {
      'GET /api/users/me': () => ({ body: current }),
      'GET /api/queue': { body: buildQueueInfo() },
    });
    return { ...app, setProfile: (next: Partial<UserProfile>) => (current = { ...current, ...next }) };
  }

  it('sees until when and why instead of the join button, and the join button once an admin lifts it', async () => {
    const endsAt = now() + 3 * 86_400;
    const app = openAs('/?tab=match', { suspension: { ends_at: endsAt, reason: REASON, kind: 'admin' } });
    const notice = await screen.findByTestId('suspension-notice');
    expect(notice).toHaveTextContent(`マッチング停止中：${japanMonthDayTime(endsAt)}まで`);
    expect(notice).toHaveTextContent(`理由：${REASON}`);
    expect(screen.queryByRole('button', { name: 'マッチングに参加' })).not.toBeInTheDocument();
    // The rest of the page works: the queue's numbers and the preferences are there.
    expect(screen.getByRole('combobox', { name: 'デッキ' })).toBeInTheDocument();

    app.setProfile({ suspension: null });
    await act(async () => app.sockets.push({ type: 'profileChanged', reason: 'admin' }));
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeEnabled();
    expect(screen.queryByTestId('suspension-notice')).not.toBeInTheDocument();
  });

  it('sees it on my page too', async () => {
    const endsAt = now() + 3600;
    openAs('/?tab=mypage', { suspension: { ends_at: endsAt, reason: REASON, kind: 'admin' } });
    expect(await screen.findByTestId('suspension-notice')).toHaveTextContent(
      `マッチング停止中：${japanMonthDayTime(endsAt)}まで`,
    );
  });

  it('an ended suspension (profile read before its end) leaves the join button', async () => {
    openAs('/?tab=match', { suspension: { ends_at: now() - 5, reason: REASON, kind: 'ready_check' } });
    expect(await screen.findByRole('button', { name: 'マッチングに参加' })).toBeEnabled();
    expect(screen.queryByTestId('suspension-notice')).not.toBeInTheDocument();
  });
});

const GENGAR = buildAdminUser();
const SANCTIONS = `GET /api/admin/users/${GENGAR.user_id}/sanctions`;
const SUSPEND = `POST /api/admin/users/${GENGAR.user_id}/suspensions`;
const WARN = `POST /api/admin/users/${GENGAR.user_id}/warnings`;

function suspension(id: number, overrides: Partial<AdminSuspension> = {}): AdminSuspension {
  return {
    suspension_id: id,
    kind: 'admin',
    reason: REASON,
    case_id: null,
    starts_at: now(),
    ends_at: now() + 7 * 86_400,
    state: 'active',
    created_by: 'admin_01',
    created_by_name: '運営太郎',
    lifted_at: null,
    lifted_by: null,
    lifted_by_name: null,
    ...overrides,
  };
}

/** The user tab with a server that keeps the sanctions: each write answers with the new list. */
function openUserTab(handlers: Handlers = {}) {
  let sanctions: AdminSanctions = { suspensions: [], warnings: [] };
  return renderAsAdmin('/admin_control?tab=users', {
    'POST /api/admin/users/search': { body: { data: { users: [GENGAR], count: 1 } } },
    [`GET /api/admin/users/${GENGAR.user_id}`]: { body: GENGAR },
    [SANCTIONS]: () => ({ body: sanctions }),
    [SUSPEND]: (call) => {
      const { reason } = call.body as { reason: string };
      sanctions = { ...sanctions, suspensions: [suspension(11, { reason }), ...sanctions.suspensions] };
      return { body: sanctions };
    },
    [`POST /api/admin/users/${GENGAR.user_id}/suspensions/11/lift`]: () => {
      const lifted = { state: 'lifted' as const, lifted_at: now(), lifted_by: 'admin_01', lifted_by_name: '運営太郎' };
      sanctions = { ...sanctions, suspensions: sanctions.suspensions.map((s) => ({ ...s, ...lifted })) };
      return { body: sanctions };
    },
    [WARN]: (call) => {
      const { reason } = call.body as { reason: string };
      const warning = {
        ...{ warning_id: 3, reason, case_id: null, match_id: null, created_at: now() },
        ...{ created_by: 'admin_01', created_by_name: '運営太郎', seen_at: null },
      };
      sanctions = { ...sanctions, warnings: [warning] };
      return { body: sanctions };
    },
    ...handlers,
  });
}

async function openSanctions(app: ReturnType<typeof openUserTab>) {
  await app.user.type(await screen.findByPlaceholderText('Discord名またはトレーナー名'), 'ゲンガー{Enter}');
  const list = await screen.findByRole('list', { name: '検索結果' });
  await app.user.click(within(list).getByRole('button', { name: /ゲンガー職人/ }));
  const region = await screen.findByRole('region', { name: '処分（マッチング停止・警告）' });
  await within(region).findByText('マッチング停止の履歴はありません');
  return region;
}

describe('admin user tab: sanctions', () => {
  it('suspends for the chosen time with the reason after a confirmation, lists it, and lifts it', async () => {
    const app = openUserTab();
    const region = await openSanctions(app);
    const suspendForm = within(region).getByRole('form', { name: 'マッチング停止' });
    await app.user.click(within(suspendForm).getByRole('button', { name: 'マッチング停止する' }));
    expect(within(suspendForm).getByRole('alert')).toHaveTextContent(
      '理由を入力してください（プレイヤーに表示されます）',
    );
    expect(app.server.callsTo(SUSPEND)).toHaveLength(0);

    await app.user.selectOptions(within(suspendForm).getByRole('combobox', { name: '期間' }), '7日');
    await app.user.type(within(suspendForm).getByRole('textbox', { name: /理由/ }), REASON);
    await app.user.click(within(suspendForm).getByRole('button', { name: 'マッチング停止する' }));
    const question = await answerConfirm(app.user, 'マッチング停止', '停止する');
    expect(question).toContain('ゲンガー職人 のマッチングを7日停止します');
    await within(suspendForm).findByText('マッチングを停止しました');
    expect(app.server.callsTo(SUSPEND).map((c) => c.body)).toEqual([{ duration: '7d', reason: REASON }]);

    const item = (await within(region).findAllByRole('listitem'))[0] as HTMLElement;
    expect(item).toHaveTextContent('停止中');
    expect(item).toHaveTextContent(REASON);
    expect(item).toHaveTextContent('停止：運営太郎（admin_01）');
    expect(within(region).getByText(/^マッチング停止中：.+まで$/)).toBeInTheDocument();
    // The details above say it too (利用状態 said 通常 during a suspension).
    const state = () => screen.getByText('利用状態').parentElement as HTMLElement;
    expect(state()).toHaveTextContent(/マッチング停止中：.+まで/);

    await app.user.click(within(item).getByRole('button', { name: '解除' }));
    await answerConfirm(app.user, 'マッチング停止の解除', '解除する');
    await within(region).findByText('マッチング停止を解除しました');
    await waitFor(() => expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('解除済み'));
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent(/解除：運営太郎（admin_01）/);
    expect(within(region).queryByRole('button', { name: '解除' })).not.toBeInTheDocument();
    expect(state()).toHaveTextContent('通常');
  });

  it('warns with a reason, lists the warning as not yet read, and shows a refusal from the server', async () => {
    const app = openUserTab();
    const region = await openSanctions(app);
    const warnForm = within(region).getByRole('form', { name: '警告' });
    await app.user.type(within(warnForm).getByRole('textbox', { name: /理由/ }), '報告の虚偽が続いています');
    await app.user.click(within(warnForm).getByRole('button', { name: '警告する' }));
    await answerConfirm(app.user, '警告', '警告する');
    await within(warnForm).findByText('警告を記録しました');
    expect(app.server.callsTo(WARN).map((c) => c.body)).toEqual([{ reason: '報告の虚偽が続いています' }]);
    const warnings = within(region).getByRole('region', { name: '警告の履歴' });
    expect(warnings).toHaveTextContent('報告の虚偽が続いています');
    expect(warnings).toHaveTextContent('未確認');

    app.server.use({
      [SUSPEND]: { status: 404, body: { error: 'ユーザー情報が見つかりません', code: 'USER_NOT_FOUND' } },
    });
    const suspendForm = within(region).getByRole('form', { name: 'マッチング停止' });
    await app.user.type(within(suspendForm).getByRole('textbox', { name: /理由/ }), REASON);
    await app.user.click(within(suspendForm).getByRole('button', { name: 'マッチング停止する' }));
    await answerConfirm(app.user, 'マッチング停止', '停止する');
    expect(await within(suspendForm).findByRole('alert')).toHaveTextContent('ユーザー情報が見つかりません');
  });
});

describe('moderation queue: マッチング停止', () => {
  it('suspends the chosen player of the case for the chosen time, the note being the reason', async () => {
    const ACTION = 'POST /api/admin/cases/5/action';
    const detail = buildCaseDetail();
    const { user, server } = renderAsAdmin('/admin_control?tab=cases', {
      'GET /api/admin/cases': { body: { cases: [detail.case], open_count: 1, median_close_seconds: null } },
      'GET /api/admin/cases/5': { body: detail },
      [ACTION]: { body: { ...detail, case: { ...detail.case, status: 'closed', action: 'suspend' } } },
    });
    await user.click(await screen.findByRole('button', { name: '案件 #5 を開く' }));
    const dialog = await screen.findByRole('dialog', { name: '案件 #5' });
    await user.click(within(dialog).getByRole('radio', { name: 'マッチング停止' }));
    await user.selectOptions(within(dialog).getByLabelText('対象のプレイヤー'), 'dummy_07');
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('マッチング停止の期間は');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'マッチング停止の期間' }), '3日');
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('理由を入力してください');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'メモ（プレイヤーへの説明・記録）' }),
      '根拠のない異議',
    );
    await user.click(within(dialog).getByRole('button', { name: '対応する' }));
    const question = await answerConfirm(user, '案件 #5 に対応しますか？', '対応して閉じる');
    expect(question).toContain('3日');
    await within(dialog).findByText('この案件は対応済みです。');
    expect(server.callsTo(ACTION)[0]?.body).toEqual({
      action: 'suspend',
      user_id: 'dummy_07',
      duration: '3d',
      note: '根拠のない異議',
    });
  });
});

describe('a player whose account deletion is pending', () => {
  it('is told why instead of being offered a join the server refuses (the walk-through found a 409)', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    renderApp('/?tab=match', {
      'GET /api/queue': { body: buildQueueInfo() },
      'GET /api/users/me/deletion': { body: { requested_at: now() - 60, due_at: now() + 86_400 } },
    });
    expect(await screen.findByText(ERRORS.QUEUE_DELETION_PENDING.message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'マッチングに参加' })).toBeDisabled();
  });
});
