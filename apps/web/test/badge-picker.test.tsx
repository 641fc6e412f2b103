import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectableBadges } from '../src/features/badges/components/badge-picker-modal.tsx';
import { buildProfile } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// badge_001 "S0 1位" (gradient), badge_005 "S0 TOP100" (basic), badge_075 "第1回大会 優勝" (image)
const OWNED = ['badge_001', 'badge_005', 'badge_075'];

async function openPicker(slot: 1 | 2, handlers = {}) {
  signInAs(buildProfile({ owned_badges: OWNED, current_badge: 'badge_001', current_badge_2: 'badge_005' }), {
    cacheProfile: true,
  });
  const app = renderApp('/?tab=mypage', {
    'GET /api/users/me/badges': { body: { owned_badges: OWNED } },
    ...handlers,
  });
  await app.user.click(await screen.findByRole('button', { name: `バッジ${slot}を変更` }));
  const dialog = await screen.findByRole('dialog', { name: `バッジ${slot}を選択` });
  await within(dialog).findByRole('list', { name: `バッジ${slot}を選択` });
  return { ...app, dialog };
}

const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button', { pressed: false })
    .concat(within(dialog).queryAllByRole('button', { pressed: true }))
    .map((b) => b.querySelector('.badge-option__name')?.textContent)
    .filter(Boolean)
    .sort();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('badge picker', () => {
  it('focuses the search box with a mouse', async () => {
    const { dialog } = await openPicker(1);
    expect(within(dialog).getByRole('searchbox')).toHaveFocus();
  });

  it('focuses the dialog on a touch screen, not the search box (no keyboard popping up unasked)', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === '(pointer: coarse)',
    }));
    const { dialog } = await openPicker(1);
    expect(dialog).toHaveFocus();
  });

  it('slot 1 lists owned badges without the badge of slot 2', async () => {
    const { dialog } = await openPicker(1);
    expect(optionNames(dialog)).toEqual(['S0 1位', '第1回大会 優勝']);
  });

  it('slot 2 lists owned badges without the badge of slot 1', async () => {
    const { dialog } = await openPicker(2);
    expect(optionNames(dialog)).toEqual(['S0 TOP100', '第1回大会 優勝']);
  });

  it('marks only the picked card with the check (the equipped one at first), and gives each name a tooltip', async () => {
    const { user, dialog } = await openPicker(1);
    const checks = () => [...dialog.querySelectorAll('.badge-option__check')].map((c) => c.closest('button'));
    const equipped = within(dialog).getByRole('button', { name: /S0 1位/ });
    const other = within(dialog).getByRole('button', { name: /第1回大会 優勝/ });
    expect(equipped).toHaveAttribute('aria-pressed', 'true');
    expect(checks()).toEqual([equipped]);

    await user.click(other);
    expect(other).toHaveAttribute('aria-pressed', 'true');
    expect(equipped).toHaveAttribute('aria-pressed', 'false');
    expect(checks()).toEqual([other]);
    // The 装備中 tag stays on the equipped card.
    expect(within(equipped).getByText('装備中')).toBeInTheDocument();

    const name = other.querySelector('.badge-option__name');
    expect(name).toHaveTextContent('第1回大会 優勝');
    expect(name).toHaveAttribute('title', '第1回大会 優勝');
    expect(other.querySelector('.badge-option__condition')).toHaveAttribute('title', '第1回ランクマッチ杯 優勝');
  });

  it('searches display, condition and id, case-insensitive', async () => {
    const { user, dialog } = await openPicker(1);
    const search = within(dialog).getByLabelText('バッジを検索');
    await user.type(search, 'BADGE_075');
    expect(optionNames(dialog)).toEqual(['第1回大会 優勝']);
    await user.clear(search);
    await user.type(search, 'ランクマッチ杯');
    expect(optionNames(dialog)).toEqual(['第1回大会 優勝']);
    await user.clear(search);
    await user.type(search, 'no such badge');
    expect(within(dialog).getByText('条件に合うバッジがありません')).toBeInTheDocument();
  });

  it('equips the picked badge with both slots and shows it on the profile', async () => {
    const { user, dialog, server } = await openPicker(1, { 'PUT /api/users/me/badges/equip': { body: { ok: true } } });
    await user.click(within(dialog).getByRole('button', { name: /第1回大会 優勝/ }));
    await user.click(within(dialog).getByRole('button', { name: '装備する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT /api/users/me/badges/equip')[0]?.body).toEqual({
      primary_badge: 'badge_075',
      secondary_badge: 'badge_005',
    });
    expect(screen.getByText(/^装備中のバッジ/).parentElement).toHaveTextContent('第1回大会 優勝、S0 TOP100');
  });

  it('equips once on a double click of 装備する', async () => {
    const { user, dialog, server } = await openPicker(1, { 'PUT /api/users/me/badges/equip': { body: { ok: true } } });
    await user.click(within(dialog).getByRole('button', { name: /第1回大会 優勝/ }));
    // Both clicks in the same task, as a real double click arrives (before TanStack Query reports isPending).
    const equip = within(dialog).getByRole('button', { name: '装備する' });
    fireEvent.click(equip);
    fireEvent.click(equip);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT /api/users/me/badges/equip')).toHaveLength(1);
  });

  it('unequips a slot', async () => {
    const { user, dialog, server } = await openPicker(2, { 'PUT /api/users/me/badges/equip': { body: { ok: true } } });
    await user.click(within(dialog).getByRole('button', { name: '外す' }));
    await waitFor(() =>
      expect(server.callsTo('PUT /api/users/me/badges/equip')[0]?.body).toEqual({
        primary_badge: 'badge_001',
        secondary_badge: null,
      }),
    );
  });

  it('says バッジデータの取得に失敗しました when the owned list cannot be loaded', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { user } = renderApp('/?tab=mypage', {
      'GET /api/users/me/badges': { status: 500, body: { error: 'x' } },
    });
    await user.click(await screen.findByRole('button', { name: 'バッジ1を変更' }));
    expect(await screen.findByText('バッジデータの取得に失敗しました')).toBeInTheDocument();
  });

  it('says where badges come from when none are owned', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { user } = renderApp('/?tab=mypage', { 'GET /api/users/me/badges': { body: { owned_badges: [] } } });
    await user.click(await screen.findByRole('button', { name: 'バッジ1を変更' }));
    const dialog = await screen.findByRole('dialog', { name: 'バッジ1を選択' });
    expect(
      await within(dialog).findByText(
        'まだバッジを持っていません。バッジはシーズン報酬（最終順位・試合数・ゴールドライセンス）、実績の達成、ショップ、イベントで手に入ります。',
      ),
    ).toBeInTheDocument();
  });

  it('selectableBadges keeps owned, known badges minus the other slot', () => {
    expect(selectableBadges(['badge_001', 'badge_999', 'badge_002'], 'badge_002', '').map((b) => b.id)).toEqual([
      'badge_001',
    ]);
  });
});
