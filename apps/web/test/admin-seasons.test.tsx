import { type AdminSeason, BADGES, defaultSeasonAwards, formatDateTime, type Season } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAdminSeason, renderAsAdmin } from '../src/testing/admin-data.ts';
import { answerConfirm } from '../src/testing/confirm.ts';
import { buildSettings } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';

const ACTIVE = buildAdminSeason({ id: 's1', name: 'シーズン1', theme_color: '#3366ff' });
// Dates with seconds (a season made through the API may have any): an edit must keep them.
const NEXT = buildAdminSeason({
  id: 's2',
  name: 'シーズン2',
  is_active: false,
  theme_color: '#22aa55',
  start_date: 1_900_000_007,
  end_date: 1_905_000_013,
});

/** Local wall-clock time → unix seconds, the way the form reads a datetime-local value. */
const local = (value: string) => Math.floor(new Date(value).getTime() / 1000);

const MASTER = {
  settings: buildSettings(),
  badges: BADGES,
  pokemon: [],
};

function openSeasons(seasons: AdminSeason[] = [ACTIVE, NEXT], handlers: Handlers = {}) {
  return renderAsAdmin('/admin_control?tab=seasons', {
    'GET /api/admin/seasons': { body: seasons },
    'GET /api/master': { body: MASTER },
    ...handlers,
  });
}

const seasonRow = async (name: string) => (await screen.findByText(name)).closest('li')!;

describe('admin seasons: list', () => {
  it('shows each season with its colour, id, period and status; activate only when inactive', async () => {
    openSeasons();
    const active = await seasonRow('シーズン1');
    expect(within(active).getByText('開催中')).toBeInTheDocument();
    expect(active).toHaveTextContent('s1');
    expect(active.querySelector('.admin-season__dot')).toHaveStyle({ background: '#3366ff' });
    expect(within(active).queryByRole('button', { name: '有効化' })).not.toBeInTheDocument();
    const next = await seasonRow('シーズン2');
    expect(within(next).getByText('未開催')).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: '有効化' })).toBeInTheDocument();
    // Nothing to end in a season that never started; the running one may be ended.
    expect(within(next).queryByRole('button', { name: '終了' })).not.toBeInTheDocument();
    expect(within(active).getByRole('button', { name: '終了' })).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: '編集' })).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: '削除' })).toBeInTheDocument();
  });

  it('says シーズンがありません when there are none', async () => {
    openSeasons([]);
    expect(await screen.findByText('シーズンがありません')).toBeInTheDocument();
  });

  it('shows the server message when the list cannot be read', async () => {
    openSeasons([], {
      'GET /api/admin/seasons': {
        status: 500,
        body: { error: 'シーズンの取得に失敗しました: サーバーでエラーが発生しました' },
      },
    });
    expect(await screen.findByText('シーズンの取得に失敗しました: サーバーでエラーが発生しました')).toBeInTheDocument();
  });
});

describe('admin seasons: create and edit', () => {
  it('creates a season: local dates become unix seconds, the colour defaults to #ff6b35', async () => {
    const { user, server } = openSeasons([ACTIVE], {
      'POST /api/admin/seasons': (call) => ({ body: { ...(call.body as Season), is_active: false, ended_at: null } }),
    });
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const form = await screen.findByRole('form', { name: 'シーズンを作成' });
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'シーズン ID' }), 's3');
    await user.type(within(form).getByRole('textbox', { name: 'シーズン名' }), 'シーズン3');
    await user.type(within(form).getByLabelText('開始日時'), '2030-04-01T10:00');
    await user.type(within(form).getByLabelText('終了日時'), '2030-06-30T23:59');
    expect(within(form).getByLabelText('テーマカラー')).toHaveValue('#ff6b35');
    await user.click(within(form).getByRole('button', { name: '作成する' }));

    expect(await screen.findByText('シーズン「シーズン3」を作成しました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/seasons').map((c) => c.body)).toEqual([
      {
        id: 's3',
        name: 'シーズン3',
        description: '',
        start_date: local('2030-04-01T10:00'),
        end_date: local('2030-06-30T23:59'),
        image_url: '',
        theme_color: '#ff6b35',
        awards: null,
      },
    ]);
    expect(screen.queryByRole('form', { name: 'シーズンを作成' })).not.toBeInTheDocument();
  });

  it('checks the form before sending (required fields, date order, image URL)', async () => {
    const { user, server } = openSeasons();
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const form = await screen.findByRole('form', { name: 'シーズンを作成' });
    await user.type(within(form).getByLabelText('開始日時'), '2030-06-01T10:00');
    await user.type(within(form).getByLabelText('終了日時'), '2030-05-01T10:00');
    await user.type(within(form).getByRole('textbox', { name: '画像 URL' }), 'ftp://x');
    await user.click(within(form).getByRole('button', { name: '作成する' }));
    expect(await within(form).findByText('シーズン名は必須です')).toBeInTheDocument();
    expect(within(form).getByText(/シーズン ID は英小文字/)).toBeInTheDocument();
    expect(within(form).getByText(/画像 URL は http/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/seasons')).toHaveLength(0);
  });

  it('brings the first invalid field into view and focus, its error beside it (issue 21)', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const { user } = openSeasons();
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const form = await screen.findByRole('form', { name: 'シーズンを作成' });
    // Only the end date is wrong, far down the form; the view is at 作成する.
    await user.type(within(form).getByRole('textbox', { name: 'シーズン ID' }), 's3');
    await user.type(within(form).getByRole('textbox', { name: 'シーズン名' }), 'シーズン3');
    await user.type(within(form).getByLabelText('開始日時'), '2030-06-01T10:00');
    await user.type(within(form).getByLabelText('終了日時'), '2030-05-01T10:00');
    await user.click(within(form).getByRole('button', { name: '作成する' }));
    const end = within(form).getByLabelText('終了日時');
    await waitFor(() => expect(end).toHaveFocus());
    expect(scrolled).toContain(end.closest('.field'));
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription('終了日時は開始日時より後にしてください');
    // A summary by the button says there is something to fix above.
    expect(within(form).getByRole('alert')).toHaveTextContent('入力内容を確認してください（1件）');
  });

  it('shows a duplicate id from the server next to the ID field, and goes there', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const { user } = openSeasons([ACTIVE], {
      'POST /api/admin/seasons': {
        status: 409,
        body: { error: 'シーズンの作成に失敗しました: 同じ ID のシーズンが既に存在します', code: 'SEASON_EXISTS' },
      },
    });
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const form = await screen.findByRole('form', { name: 'シーズンを作成' });
    const id = within(form).getByRole('textbox', { name: 'シーズン ID' });
    await user.type(id, 's1');
    await user.type(within(form).getByRole('textbox', { name: 'シーズン名' }), '重複');
    await user.type(within(form).getByLabelText('開始日時'), '2030-04-01T10:00');
    await user.type(within(form).getByLabelText('終了日時'), '2030-06-30T23:59');
    await user.click(within(form).getByRole('button', { name: '作成する' }));
    await waitFor(() => expect(id).toHaveAccessibleDescription('同じ ID のシーズンが既に存在します'));
    expect(id).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(id).toHaveFocus());
  });

  it('shows the server message (already prefixed) when creating fails', async () => {
    const { user } = openSeasons([ACTIVE], {
      'POST /api/admin/seasons': {
        status: 500,
        body: { error: 'シーズンの作成に失敗しました: サーバーでエラーが発生しました', code: 'INTERNAL' },
      },
    });
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const form = await screen.findByRole('form', { name: 'シーズンを作成' });
    await user.type(within(form).getByRole('textbox', { name: 'シーズン ID' }), 's1');
    await user.type(within(form).getByRole('textbox', { name: 'シーズン名' }), '重複');
    await user.type(within(form).getByLabelText('開始日時'), '2030-04-01T10:00');
    await user.type(within(form).getByLabelText('終了日時'), '2030-06-30T23:59');
    await user.click(within(form).getByRole('button', { name: '作成する' }));
    expect(
      await within(form).findByText('シーズンの作成に失敗しました: サーバーでエラーが発生しました'),
    ).toBeInTheDocument();
  });

  it('edits a season with its id locked and sends PUT with the same id', async () => {
    const { user, server } = openSeasons([ACTIVE, NEXT], {
      'PUT /api/admin/seasons/s2': (call) => ({ body: { ...NEXT, ...(call.body as Partial<Season>) } }),
    });
    await user.click(within(await seasonRow('シーズン2')).getByRole('button', { name: '編集' }));
    const form = await screen.findByRole('form', { name: 'シーズン2 を編集' });
    const id = within(form).getByRole('textbox', { name: 'シーズン ID' });
    expect(id).toBeDisabled();
    expect(id).toHaveValue('s2');
    const name = within(form).getByRole('textbox', { name: 'シーズン名' });
    await user.clear(name);
    await user.type(name, 'シーズン2（夏）');
    await user.click(within(form).getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('シーズン「シーズン2（夏）」を更新しました')).toBeInTheDocument();
    const [body] = server.callsTo('PUT /api/admin/seasons/s2').map((c) => c.body as Season);
    expect(body).toMatchObject({ id: 's2', name: 'シーズン2（夏）', theme_color: '#22aa55' });
    // The dates nobody touched are sent as they were, seconds included (the inputs show minutes only).
    expect(body?.start_date).toBe(NEXT.start_date);
    expect(body?.end_date).toBe(NEXT.end_date);
  });
});

describe('admin seasons: activate and delete', () => {
  it('activates an inactive season after a confirm that says the running season ends first', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    // A season whose start date has passed: open as soon as it is active.
    const started = { ...NEXT, start_date: ACTIVE.start_date + 60 };
    const { user, server } = openSeasons([ACTIVE, started], {
      'POST /api/admin/seasons/s2/activate': { body: { ...started, is_active: true } },
    });
    const activate = within(await seasonRow('シーズン2')).getByRole('button', { name: '有効化' });
    await user.click(activate);
    // The site's own dialog, never the browser's (issue 21).
    expect(await answerConfirm(user, 'シーズンを有効化', 'キャンセル')).toBe(
      'シーズン「シーズン2」を有効にします。\n\n開催中のシーズン「シーズン1」は先に終了します。最終順位が確定し、報酬バッジが付与されます。この操作は取り消せません。\n\nよろしいですか？',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/seasons/s2/activate')).toHaveLength(0);
    await user.click(activate);
    await answerConfirm(user, 'シーズンを有効化', '有効化する');
    expect(await screen.findByText('シーズン「シーズン2」を有効にしました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/seasons/s2/activate')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('GET /api/admin/seasons').length).toBeGreaterThan(1));
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('warns before activating a season whose start is still to come: the running one ends now, nothing is matched', async () => {
    const { user, server } = openSeasons([ACTIVE, NEXT], {
      'POST /api/admin/seasons/s2/activate': { body: { ...NEXT, is_active: true } },
    });
    await user.click(within(await seasonRow('シーズン2')).getByRole('button', { name: '有効化' }));
    const message = await answerConfirm(user, 'シーズンを有効化', 'キャンセル');
    const start = formatDateTime(NEXT.start_date);
    expect(message).toContain(`このシーズンの開始日時（${start}）はまだ先です。`);
    expect(message).toContain('開始日時まではシーズン期間外となり、マッチングは行われません。');
    expect(message).toContain('開催中のシーズン「シーズン1」はすぐに終了します。');
    expect(message).toContain('「シーズン1」の終了日時を開始日時に合わせてください');
    expect(server.callsTo('POST /api/admin/seasons/s2/activate')).toHaveLength(0);
  });

  it('says what a season waits for: an active one its start date, an ending one its last report deadline', async () => {
    openSeasons([
      { ...NEXT, is_active: true, deletable: false },
      buildAdminSeason({
        id: 's1',
        name: 'シーズン1',
        is_active: false,
        ending_started_at: 1_700_000_000,
        ending_waits_until: 1_700_003_600,
      }),
      buildAdminSeason({ id: 's0', name: 'シーズン0', is_active: false, ending_started_at: 1_600_000_000 }),
    ]);
    const scheduled = await seasonRow('シーズン2');
    expect(scheduled).toHaveTextContent('開始待ち');
    expect(scheduled).toHaveTextContent('削除不可（開始待ち）');
    expect(scheduled).not.toHaveTextContent('開催中');
    expect(scheduled).toHaveTextContent('まではシーズン期間外です');
    // 1_700_003_600 = 2023-11-14 23:13:20 UTC = 2023/11/15 08:13 in Japan.
    expect(await seasonRow('シーズン1')).toHaveTextContent(
      '終了処理中最後の試合の報告期限（2023/11/15 08:13まで）を待っています',
    );
    expect(await seasonRow('シーズン0')).toHaveTextContent('まもなく最終順位の確定と報酬の付与が終わります');
  });

  it('offers 削除 only where the server would delete, and says why elsewhere (issue 21)', async () => {
    const played = buildAdminSeason({
      id: 's0',
      name: 'シーズン0',
      is_active: false,
      match_count: 380,
      deletable: false,
    });
    openSeasons([played, ACTIVE, NEXT]);
    const withMatches = await seasonRow('シーズン0');
    expect(within(withMatches).queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
    expect(withMatches).toHaveTextContent('削除不可（380試合の記録あり）');
    const running = await seasonRow('シーズン1');
    expect(within(running).queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
    expect(running).toHaveTextContent('削除不可（開催中）');
    expect(within(await seasonRow('シーズン2')).getByRole('button', { name: '削除' })).toBeInTheDocument();
  });

  it('deletes after a confirm and shows a refusal as the server says it', async () => {
    // Matches were played in シーズン1 after the list was read: the server still refuses.
    const stale = { ...ACTIVE, is_active: false, deletable: true };
    const { user, server } = openSeasons([stale, NEXT], {
      'DELETE /api/admin/seasons/s1': {
        status: 409,
        body: {
          error: 'シーズンの削除に失敗しました: 試合が行われたシーズンは削除できません',
          code: 'SEASON_HAS_MATCHES',
        },
      },
      'DELETE /api/admin/seasons/s2': { body: { ok: true } },
    });
    await user.click(within(await seasonRow('シーズン1')).getByRole('button', { name: '削除' }));
    await answerConfirm(user, 'シーズンを削除', '削除する');
    expect(
      await screen.findByText('シーズンの削除に失敗しました: 試合が行われたシーズンは削除できません'),
    ).toBeInTheDocument();
    await user.click(within(await seasonRow('シーズン2')).getByRole('button', { name: '削除' }));
    expect(await answerConfirm(user, 'シーズンを削除', '削除する')).toBe(
      'シーズン「シーズン2」を削除します。よろしいですか？',
    );
    expect(await screen.findByText('シーズン「シーズン2」を削除しました')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/admin/seasons/s2')).toHaveLength(1);
  });
});

// 2025-04-01 03:00 UTC: the same calendar day in UTC and in Japan.
const ENDED_AT = Date.UTC(2025, 3, 1, 3, 0) / 1000;
const PAST = buildAdminSeason({
  id: 's0',
  name: 'シーズン0',
  is_active: false,
  ending_started_at: ENDED_AT - 60,
  ended_at: ENDED_AT,
  summary: { players: 120, ranked: 100, awards: { rank_1: 1, top_100: 97, matches: 12, gold_licence: 40 } },
});

describe('admin seasons: status and end', () => {
  it('shows an ended season with its end date and summary, without activate or end', async () => {
    openSeasons([ACTIVE, PAST]);
    const past = await seasonRow('シーズン0');
    expect(past).toHaveTextContent(/終了（2025\/04\/01 \d\d:\d\d）/);
    expect(past).toHaveTextContent('参加者120人');
    expect(past).toHaveTextContent('ランキング入り100人');
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['最終順位1位 1個', '最終順位TOP100 97個', '試合数 12個', 'ゴールドライセンス 40個']);
    expect(within(past).queryByRole('button', { name: '有効化' })).not.toBeInTheDocument();
    expect(within(past).queryByRole('button', { name: '終了' })).not.toBeInTheDocument();
    expect(within(await seasonRow('シーズン1')).queryByText(/参加者/)).not.toBeInTheDocument();
  });

  it('marks a season whose end is under way: no activate, the end may be resumed', async () => {
    openSeasons([buildAdminSeason({ id: 's3', name: 'シーズン3', is_active: false, ending_started_at: ENDED_AT })]);
    const ending = await seasonRow('シーズン3');
    expect(within(ending).getByText('終了処理中')).toBeInTheDocument();
    expect(within(ending).queryByRole('button', { name: '有効化' })).not.toBeInTheDocument();
    expect(within(ending).getByRole('button', { name: '終了' })).toBeInTheDocument();
  });

  it('ends a season after a confirm that says the ranking is frozen and badges granted, irreversibly', async () => {
    const ended = {
      ...ACTIVE,
      is_active: false,
      ending_started_at: ENDED_AT,
      ended_at: ENDED_AT,
      summary: PAST.summary,
    };
    const { user, server } = openSeasons([ACTIVE, NEXT], {
      'POST /api/admin/seasons/s1/end': { body: ended },
    });
    const end = within(await seasonRow('シーズン1')).getByRole('button', { name: '終了' });
    await user.click(end);
    expect(await answerConfirm(user, 'シーズンを終了', 'キャンセル')).toBe(
      'シーズン「シーズン1」を終了します。\n\n・最終順位が確定し、以後は変わりません\n・最終順位・試合数・ゴールドライセンスの報酬バッジが付与されます\n\nこの操作は取り消せません。よろしいですか？',
    );
    expect(server.callsTo('POST /api/admin/seasons/s1/end')).toHaveLength(0);

    server.use({ 'GET /api/admin/seasons': { body: [ended, NEXT] } });
    await user.click(end);
    await answerConfirm(user, 'シーズンを終了', '終了する');
    expect(await screen.findByText('シーズン「シーズン1」を終了しました')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/seasons/s1/end').map((c) => c.body)).toEqual([{}]);
    const row = await seasonRow('シーズン1');
    await waitFor(() => expect(row).toHaveTextContent('参加者120人'));
    expect(within(row).queryByRole('button', { name: '終了' })).not.toBeInTheDocument();
  });

  it('shows why an end was refused', async () => {
    const { user } = openSeasons([ACTIVE], {
      'POST /api/admin/seasons/s1/end': {
        status: 409,
        body: {
          error:
            'シーズンの終了に失敗しました: シーズンの終了処理を別の処理が実行中です。しばらく待ってから一覧を更新してください',
          code: 'SEASON_END_RUNNING',
        },
      },
    });
    await user.click(within(await seasonRow('シーズン1')).getByRole('button', { name: '終了' }));
    await answerConfirm(user, 'シーズンを終了', '終了する');
    expect(
      await screen.findByText(/シーズンの終了に失敗しました: シーズンの終了処理を別の処理が実行中です/),
    ).toBeInTheDocument();
  });

  it('asks the plain question when no season is running', async () => {
    const { user } = openSeasons([{ ...NEXT, start_date: ACTIVE.start_date }]);
    await user.click(within(await seasonRow('シーズン2')).getByRole('button', { name: '有効化' }));
    expect(await answerConfirm(user, 'シーズンを有効化', 'キャンセル')).toBe(
      'シーズン「シーズン2」を有効にします。\n\nよろしいですか？',
    );
  });
});

describe('admin seasons: rewards', () => {
  const editForm = async (user: ReturnType<typeof openSeasons>['user'], name: string) => {
    await user.click(within(await seasonRow(name)).getByRole('button', { name: '編集' }));
    const form = await screen.findByRole('form', { name: `${name} を編集` });
    await within(form).findByRole('combobox', { name: '最終順位1位' });
    return form;
  };

  it('shows the catalogue defaults of the season number and sends an edited map', async () => {
    const { user, server } = openSeasons([ACTIVE, NEXT], {
      'PUT /api/admin/seasons/s2': (call) => ({ body: { ...NEXT, ...(call.body as Partial<Season>) } }),
    });
    const form = await editForm(user, 'シーズン2');
    expect(form).toHaveTextContent('カタログの既定値（シーズン2のバッジ）を使用中');
    expect(form).toHaveTextContent(/シーズン名の数字/);
    const rank1 = within(form).getByRole('combobox', { name: '最終順位1位' });
    expect(rank1).toHaveValue('badge_011');
    expect(within(form).getByRole('combobox', { name: '100試合' })).toHaveValue('badge_039');
    expect(within(form).getByRole('combobox', { name: '600試合' })).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'カタログの既定値に戻す' })).toBeDisabled();

    await user.selectOptions(rank1, 'badge_001');
    await user.selectOptions(within(form).getByRole('combobox', { name: '200試合' }), '');
    await user.selectOptions(within(form).getByRole('combobox', { name: '600試合' }), 'badge_043');
    expect(form).toHaveTextContent('このシーズン用に変更した報酬を使用中');
    expect(within(form).getAllByText('S0 1位')[0]).toHaveClass('badge-chip');
    await user.click(within(form).getByRole('button', { name: '更新する' }));

    expect(await screen.findByText('シーズン「シーズン2」を更新しました')).toBeInTheDocument();
    const defaults = defaultSeasonAwards(2);
    const { '200': _dropped, ...matches } = defaults.matches;
    expect(server.callsTo('PUT /api/admin/seasons/s2')[0]?.body).toMatchObject({
      awards: { ...defaults, rank_1: 'badge_001', matches: { ...matches, '600': 'badge_043' } },
    });
  });

  it('goes back to the catalogue defaults (null) from a custom map', async () => {
    const custom = { ...defaultSeasonAwards(2), rank_1: 'badge_001' };
    const season = buildAdminSeason({ ...NEXT, awards: custom, awards_custom: true });
    const { user, server } = openSeasons([ACTIVE, season], {
      'PUT /api/admin/seasons/s2': (call) => ({ body: { ...NEXT, ...(call.body as Partial<Season>) } }),
    });
    const form = await editForm(user, 'シーズン2');
    const rank1 = within(form).getByRole('combobox', { name: '最終順位1位' });
    expect(rank1).toHaveValue('badge_001');
    await user.click(within(form).getByRole('button', { name: 'カタログの既定値に戻す' }));
    expect(rank1).toHaveValue('badge_011');
    await user.click(within(form).getByRole('button', { name: '更新する' }));
    await screen.findByText('シーズン「シーズン2」を更新しました');
    expect(server.callsTo('PUT /api/admin/seasons/s2')[0]?.body).toMatchObject({ awards: null });
  });

  it('follows the name typed while creating, and locks the rewards of an ended season', async () => {
    const { user } = openSeasons([ACTIVE, PAST]);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const create = await screen.findByRole('form', { name: 'シーズンを作成' });
    const rank1 = await within(create).findByRole('combobox', { name: '最終順位1位' });
    expect(rank1).toHaveValue('');
    expect(create).toHaveTextContent('名前・ID に数字がないため、既定の報酬はありません');
    await user.type(within(create).getByRole('textbox', { name: 'シーズン名' }), 'シーズン3');
    expect(rank1).toHaveValue('badge_016');
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));

    const form = await editForm(user, 'シーズン0');
    expect(within(form).getByRole('group', { name: '報酬' })).toBeDisabled();
    expect(form).toHaveTextContent('終了したシーズンの報酬は変更できません');
  });
});
