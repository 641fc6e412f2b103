import type { AdminUserDetail, AdminUserSummary } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAdminUser, renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import { buildSettings } from '../src/testing/data.ts';
import type { Handlers, RecordedCall } from '../src/testing/fake-fetch.ts';

const summary = (user: AdminUserDetail): AdminUserSummary => {
  const { user_id, trainer_name, discord_username, rate, max_rate, match_count, win_count, win_rate } = user;
  const { penalty_count, penalty_correction, effective_penalty, is_banned, is_admin, is_dummy, created_at } = user;
  return {
    ...{ user_id, trainer_name, discord_username, rate, max_rate, match_count, win_count, win_rate },
    ...{ penalty_count, penalty_correction, effective_penalty, is_banned, is_admin, is_dummy, created_at },
    deletion: user.deletion,
  };
};

const GENGAR = buildAdminUser();
const NAMELESS = buildAdminUser({
  user_id: '123456789',
  trainer_name: '',
  discord_username: 'newcomer',
  effective_penalty: 0,
  is_banned: true,
  is_admin: true,
  is_dummy: false,
});

/** The users tab with a server that keeps the user: a PUT applies its body and answers the updated user. */
function openUsers(handlers: Handlers = {}, user: AdminUserDetail = GENGAR) {
  let current = user;
  return renderAsAdmin('/admin_control?tab=users', {
    'POST /api/admin/users/search': () => ({
      body: { data: { users: [summary(current), summary(NAMELESS)], count: 2 } },
    }),
    [`GET /api/admin/users/${user.user_id}`]: () => ({ body: current }),
    [`PUT /api/admin/users/${user.user_id}`]: (call) => {
      current = { ...current, ...(call.body as Partial<AdminUserDetail>) };
      return { body: current };
    },
    ...handlers,
  });
}

async function search(app: ReturnType<typeof openUsers>, text = 'ゲンガー') {
  await app.user.type(await screen.findByPlaceholderText('Discord名またはトレーナー名'), `${text}{Enter}`);
  return screen.findByRole('list', { name: '検索結果' });
}

async function openDetail(app: ReturnType<typeof openUsers>) {
  const list = await search(app);
  await app.user.click(within(list).getByRole('button', { name: /ゲンガー職人/ }));
  return screen.findByRole('region', { name: 'ゲンガー職人' });
}

async function openEdit(app: ReturnType<typeof openUsers>) {
  const detail = await openDetail(app);
  await app.user.click(within(detail).getByRole('button', { name: '編集' }));
  return screen.findByRole('region', { name: 'ゲンガー職人 を編集' });
}

const putBodies = (calls: RecordedCall[]) => calls.map((c) => c.body);

describe('admin users: search', () => {
  it('refuses an empty keyword without asking the server', async () => {
    const app = openUsers();
    await app.user.type(await screen.findByPlaceholderText('Discord名またはトレーナー名'), '   ');
    await app.user.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('検索キーワードを入力してください');
    expect(app.server.callsTo('POST /api/admin/users/search')).toHaveLength(0);
  });

  it('searches on Enter with the chosen target and the limit, and lists the results', async () => {
    const app = openUsers();
    await app.user.selectOptions(await screen.findByRole('combobox', { name: '検索対象' }), 'トレーナー名');
    const list = await search(app, ' ゲンガー ');
    expect(app.server.callsTo('POST /api/admin/users/search').map((c) => c.body)).toEqual([
      { query: 'ゲンガー', search_type: 'trainer_name', limit: 20 },
    ]);
    expect(screen.getByText('検索結果: 2件')).toBeInTheDocument();
    const rows = within(list).getAllByRole('button');
    expect(rows[0]).toHaveTextContent('ゲンガー職人');
    expect(rows[0]).toHaveTextContent('gengar_05・dummy_05');
    expect(rows[0]).toHaveTextContent('レート 1,580');
    expect(within(rows[0]!).getByTestId('user-row-penalty')).toHaveClass('text-danger');
    expect(rows[1]).toHaveTextContent('未設定');
    expect(within(rows[1]!).getByText('停止中')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('管理者')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('user-row-penalty')).not.toHaveClass('text-danger');
  });

  it('says ユーザー検索に失敗しました with the server message', async () => {
    const app = openUsers({
      'POST /api/admin/users/search': {
        status: 500,
        body: { error: 'サーバーでエラーが発生しました', code: 'INTERNAL' },
      },
    });
    await app.user.type(await screen.findByPlaceholderText('Discord名またはトレーナー名'), 'x{Enter}');
    expect(await screen.findByText('ユーザー検索に失敗しました')).toBeInTheDocument();
    expect(screen.getByText('サーバーでエラーが発生しました')).toBeInTheDocument();
  });
});

describe('admin users: detail', () => {
  it('shows basic, rate, penalty, badge and account information', async () => {
    const app = openUsers();
    const detail = await openDetail(app);
    for (const text of ['dummy_05', 'gengar_05', 'シーズン1', '1,580', '1,620', '30', '18', '60%']) {
      expect(detail).toHaveTextContent(text);
    }
    const penalty = within(detail).getByText('実効ペナルティ').parentElement!;
    expect(penalty).toHaveTextContent('1');
    expect(within(detail).getByText('バッジ1').parentElement).toHaveTextContent('S0 1位');
    expect(within(detail).getByText('バッジ2').parentElement).toHaveTextContent('なし');
    expect(within(detail).getByText('所持バッジ（2個）')).toBeInTheDocument();
    expect(detail).toHaveTextContent(/シーズン報酬・\d{4}年/);
    expect(detail).toHaveTextContent(/運営から付与・\d{4}年/);
    expect(within(detail).getByText('装備するバッジはユーザー自身が選択します')).toBeInTheDocument();
    expect(within(detail).getByText('利用状態').parentElement).toHaveTextContent('通常');
    expect(within(detail).getByText('権限').parentElement).toHaveTextContent('一般ユーザー');
  });

  it('says ユーザー詳細の取得に失敗しました when the detail cannot be read', async () => {
    const app = openUsers({
      'GET /api/admin/users/dummy_05': {
        status: 404,
        body: { error: 'ユーザー情報が見つかりません', code: 'USER_NOT_FOUND' },
      },
    });
    const list = await search(app);
    await app.user.click(within(list).getByRole('button', { name: /ゲンガー職人/ }));
    expect(await screen.findByText('ユーザー詳細の取得に失敗しました')).toBeInTheDocument();
    expect(screen.getByText('ユーザー情報が見つかりません')).toBeInTheDocument();
  });
});

describe('admin users: edit', () => {
  it('sends only the changed fields, then shows the reloaded detail and refreshes the list', async () => {
    const app = openUsers();
    const form = await openEdit(app);
    const rate = within(form).getByRole('textbox', { name: 'レート' });
    await app.user.clear(rate);
    await app.user.type(rate, '1600');
    const correction = within(form).getByRole('textbox', { name: '軽減数' });
    await app.user.clear(correction);
    await app.user.type(correction, '2');
    const searches = app.server.callsTo('POST /api/admin/users/search').length;
    await app.user.click(within(form).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('ユーザー情報を更新しました')).toBeInTheDocument();
    expect(putBodies(app.server.callsTo('PUT /api/admin/users/dummy_05'))).toEqual([
      { rate: 1600, penalty_correction: 2 },
    ]);
    expect(screen.getByRole('region', { name: 'ゲンガー職人' })).toHaveTextContent('1,600');
    await waitFor(() => expect(app.server.callsTo('POST /api/admin/users/search').length).toBeGreaterThan(searches));
  });

  it('says 変更がありません and sends nothing when nothing changed', async () => {
    const app = openUsers();
    const form = await openEdit(app);
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('変更がありません')).toBeInTheDocument();
    expect(app.server.callsTo('PUT /api/admin/users/dummy_05')).toHaveLength(0);
  });

  it('refuses a value that is not a whole number in range, with the Japanese message', async () => {
    const app = openUsers();
    const form = await openEdit(app);
    const count = within(form).getByRole('textbox', { name: '累積ペナルティ' });
    await app.user.clear(count);
    await app.user.type(count, '1.5');
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('ペナルティの値は 0〜99 の整数で指定してください')).toBeInTheDocument();
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(app.server.callsTo('PUT /api/admin/users/dummy_05')).toHaveLength(0);
    // Fixing the value takes the message away at once (it no longer describes the field).
    await app.user.clear(count);
    await app.user.type(count, '2');
    expect(within(form).queryByText('ペナルティの値は 0〜99 の整数で指定してください')).not.toBeInTheDocument();
    expect(count).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before banning and sends nothing when declined', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const app = openUsers();
    const form = await openEdit(app);
    await app.user.click(within(form).getByRole('checkbox', { name: '利用停止にする' }));
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    // The site's own dialog (issue 21), not the browser's.
    expect(await answerConfirm(app.user, '利用停止', 'キャンセル')).toBe(
      'ゲンガー職人 を利用停止にします。よろしいですか？',
    );
    expect(app.server.callsTo('PUT /api/admin/users/dummy_05')).toHaveLength(0);

    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    await answerConfirm(app.user, '利用停止', '利用停止にする');
    expect(browserConfirm).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(putBodies(app.server.callsTo('PUT /api/admin/users/dummy_05'))).toEqual([{ is_banned: true }]),
    );
    expect(await screen.findByText('利用停止中')).toBeInTheDocument();
  });

  it('edits the owned badges through the catalogue picker (the whole new list is sent)', async () => {
    const app = openUsers({
      'GET /api/master': {
        body: {
          settings: buildSettings(),
          badges: [
            {
              id: 'badge_001',
              display: 'S0 1位',
              condition: 'シーズン0で1位',
              start_color: '#ffd700',
              end_color: '#ff8c00',
              char_color: '#000000',
              image_card: '',
              banner_image: '',
            },
            {
              id: 'badge_002',
              display: 'S0 2位',
              condition: 'シーズン0で2位',
              start_color: '#c0c0c0',
              end_color: '#808080',
              char_color: '#000000',
              image_card: '',
              banner_image: '',
            },
            {
              id: 'badge_005',
              display: 'S0 TOP100',
              condition: 'シーズン0でTOP100',
              start_color: '#cd7f32',
              end_color: '#cd7f32',
              char_color: '#ffffff',
              image_card: '',
              banner_image: '',
            },
          ],
          pokemon: [],
        },
      },
    });
    const form = await openEdit(app);
    await app.user.click(within(form).getByRole('button', { name: /バッジを選択/ }));
    const dialog = await screen.findByRole('dialog', { name: '所持バッジを選択' });
    await within(dialog).findByRole('list', { name: '所持バッジを選択' });
    expect(within(dialog).getByRole('checkbox', { name: /S0 1位/ })).toBeChecked();
    await app.user.click(within(dialog).getByRole('checkbox', { name: /S0 TOP100/ }));
    await app.user.type(within(dialog).getByRole('searchbox', { name: 'バッジを検索' }), '2位');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    await app.user.click(within(dialog).getByRole('checkbox', { name: /S0 2位/ }));
    expect(within(dialog).getByText('2個選択中')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'この内容にする' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(putBodies(app.server.callsTo('PUT /api/admin/users/dummy_05'))).toEqual([
        { owned_badges: ['badge_001', 'badge_002'] },
      ]),
    );
  });

  it('says ユーザー情報の更新に失敗しました with the server reason', async () => {
    const app = openUsers({
      'PUT /api/admin/users/dummy_05': {
        status: 409,
        body: { error: '有効なシーズンがないため、レートを変更できません', code: 'NO_ACTIVE_SEASON' },
      },
    });
    const form = await openEdit(app);
    const rate = within(form).getByRole('textbox', { name: 'レート' });
    await app.user.clear(rate);
    await app.user.type(rate, '1700');
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('ユーザー情報の更新に失敗しました')).toBeInTheDocument();
    expect(within(form).getByText('有効なシーズンがないため、レートを変更できません')).toBeInTheDocument();
  });

  it('cancel returns to the detail without saving; own ban and admin switches are locked', async () => {
    const self = buildAdminUser({ user_id: 'admin_01', trainer_name: 'ゲンガー職人', is_admin: true });
    const app = openUsers({}, self);
    const form = await openEdit(app);
    expect(within(form).getByRole('checkbox', { name: '利用停止にする' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: '管理者にする' })).toBeDisabled();
    await app.user.click(within(form).getByRole('button', { name: 'キャンセル' }));
    expect(await screen.findByRole('region', { name: 'ゲンガー職人' })).toBeInTheDocument();
    expect(app.server.callsTo('PUT /api/admin/users/admin_01')).toHaveLength(0);
  });
});
