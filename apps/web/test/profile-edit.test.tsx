import { VALIDATION_MESSAGES } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

async function openEditor(handlers = {}) {
  const profile = buildProfile({ trainer_name: '元の名前', bio: '' });
  signInAs(profile, { cacheProfile: true });
  const app = renderApp('/?tab=mypage', handlers);
  await app.user.click(await app.findByRole('button', { name: 'プロフィール編集' }));
  const dialog = await screen.findByRole('dialog', { name: 'プロフィール編集' });
  return { ...app, dialog, profile };
}

describe('profile edit', () => {
  it('is an accessible modal: labelled, focus inside, Escape closes and focus returns', async () => {
    const { user, dialog } = await openEditor();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('トレーナー名')).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'プロフィール編集' })).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openEditor();
    const buttons = within(dialog).getAllByRole('button');
    buttons.at(-1)?.focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('shows トレーナー名は必須です inline for an empty name and does not send', async () => {
    const { user, dialog, server } = await openEditor();
    const name = within(dialog).getByLabelText('トレーナー名');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));

    expect(within(dialog).getByText('トレーナー名は必須です')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT /api/users/me/profile')).toHaveLength(0);
  });

  it('shows the Japanese message inline for a name with a zero-width space and does not send (issue 23)', async () => {
    const { user, dialog, server } = await openEditor();
    const name = within(dialog).getByLabelText('トレーナー名');
    await user.clear(name);
    await user.click(name);
    await user.paste('ピカ\u200b');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));

    expect(within(dialog).getByText(VALIDATION_MESSAGES.TEXT_INVISIBLE_CHARACTERS)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT /api/users/me/profile')).toHaveLength(0);
  });

  it('names the X（Twitter）ID field in its error exactly as its label does (issue 36)', async () => {
    const { user, dialog } = await openEditor();
    const twitter = within(dialog).getByLabelText('X（Twitter）ID');
    await user.type(twitter, 'not valid!');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(within(dialog).getByText(/^X（Twitter）ID は英数字とアンダースコアの/)).toBeInTheDocument();
  });

  it('counts the bio in code points against 200 and flags a long bio', async () => {
    const { user, dialog } = await openEditor();
    const bio = within(dialog).getByLabelText('自己紹介');
    await user.type(bio, 'よろしく😀');
    expect(within(dialog).getByTestId('bio-counter')).toHaveTextContent('5/200');

    await user.clear(bio);
    await user.click(bio);
    await user.paste('あ'.repeat(201));
    expect(within(dialog).getByTestId('bio-counter')).toHaveTextContent('201/200');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(within(dialog).getByText('自己紹介は200文字以内で入力してください')).toBeInTheDocument();
  });

  it('sends the trimmed profile, with favourites picked by search (at most 3)', async () => {
    const { user, dialog, server } = await openEditor({
      'PUT /api/users/me/profile': ({ body }: { body: unknown }) => ({
        body: buildProfile({ ...(body as object), bio: 'よろしくお願いします' }),
      }),
    });
    const name = within(dialog).getByLabelText('トレーナー名');
    await user.clear(name);
    await user.type(name, '  新しい名前  ');
    await user.type(within(dialog).getByLabelText('X（Twitter）ID'), '@unite_player');
    const search = within(dialog).getByLabelText('お気に入りポケモンを検索');
    await user.type(search, 'pikachu');
    await user.click(within(dialog).getByRole('button', { name: 'ピカチュウを追加' }));
    await user.type(search, 'ルカリオ');
    await user.click(within(dialog).getByRole('button', { name: 'ルカリオを追加' }));
    await user.type(within(dialog).getByLabelText('自己紹介'), 'よろしくお願いします');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT /api/users/me/profile')[0]?.body).toEqual({
      trainer_name: '新しい名前',
      twitter_id: 'unite_player',
      favorite_pokemon: ['PIKACHU', 'LUCARIO'],
      bio: 'よろしくお願いします',
    });
    expect(await screen.findByRole('heading', { name: '新しい名前' })).toBeInTheDocument();
  });

  it('confirms a save with a notice once the server has it (issue 21)', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user, dialog } = await openEditor({
      'PUT /api/users/me/profile': async ({ body }: { body: unknown }) => {
        await answered;
        return { body: buildProfile({ ...(body as object) }) };
      },
    });
    await user.type(within(dialog).getByLabelText('自己紹介'), 'よろしく');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    const notices = screen.getByRole('status', { name: '通知' });
    // Not before the server answered.
    expect(within(notices).queryByText('プロフィールを保存しました')).not.toBeInTheDocument();
    answer();
    expect(await within(notices).findByText('プロフィールを保存しました')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['hiragana', 'げんがー'],
    ['half-width katakana', 'ｹﾞﾝｶﾞｰ'],
    ['katakana', 'ゲンガ'],
    ['full-width latin', 'ＧＥＮＧＡＲ'],
    ['hiragana with spaces around', '  げん  '],
  ])('finds a favourite by %s (%s → ゲンガー)', async (_kind, query) => {
    const { user, dialog } = await openEditor();
    await user.type(within(dialog).getByLabelText('お気に入りポケモンを検索'), query);
    expect(within(dialog).getByRole('button', { name: 'ゲンガーを追加' })).toBeInTheDocument();
    expect(within(dialog).queryByText('該当するポケモンが見つかりません')).not.toBeInTheDocument();
  });

  it('shows the change at once, then rolls back and alerts when the server refuses', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, dialog } = await openEditor({
      'PUT /api/users/me/profile': async () => {
        await gate;
        return { status: 500, body: { error: 'サーバーでエラーが発生しました。時間をおいて再度お試しください' } };
      },
    });
    const name = within(dialog).getByLabelText('トレーナー名');
    await user.clear(name);
    await user.type(name, '楽観的な名前');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));

    // Optimistic: the card behind the dialog already shows the new name.
    expect(await screen.findByRole('heading', { name: '楽観的な名前' })).toBeInTheDocument();
    release();

    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    expect(alert.mock.calls[0]?.[0]).toContain('プロフィールの更新に失敗しました。ページを再読み込みしてください。');
    expect(alert.mock.calls[0]?.[0]).toContain('サーバーでエラーが発生しました。時間をおいて再度お試しください');
    expect(await screen.findByRole('heading', { name: '元の名前' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('サーバーでエラーが発生しました。時間をおいて再度お試しください'),
    ).toBeInTheDocument();
  });

  it('asks for a trainer name with a welcome note when it is missing', async () => {
    signInAs(buildProfile({ trainer_name: '' }), { cacheProfile: true });
    const { user } = renderApp('/?tab=mypage');
    await user.click(await screen.findByRole('button', { name: 'トレーナー名を設定する' }));
    expect(await screen.findByRole('dialog', { name: 'プロフィール編集' })).toBeInTheDocument();
  });
});
