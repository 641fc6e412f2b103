import type { CurrentMatch } from '@rankmatch/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMatch, buildProfile, myMatchReply } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// dummy_02 plays in team A, dummy_07 in team B, dummy_30 in neither (see buildMatch).

function openMatch(userId = 'dummy_02', handlers: Handlers = {}, match: CurrentMatch = buildMatch()) {
  signInAs(buildProfile({ user_id: userId }), { cacheProfile: true });
  let current = match;
  const view = renderApp('/?tab=match', {
    'GET /api/matches/me': () => myMatchReply(current),
    'POST /api/matches/42/report': () => {
      current = { ...current, has_reported: true, report_count: current.report_count + 1 };
      return { body: { ok: true, report_count: current.report_count, status: 'matched' } };
    },
    ...handlers,
  });
  return view;
}

async function openWizard(user: UserEvent, button = '結果を報告する') {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: '試合結果の報告' });
}

const progress = (dialog: HTMLElement) =>
  within(dialog).getByRole('progressbar', { name: '報告の進み具合' }).getAttribute('aria-valuenow');
const click = (user: UserEvent, dialog: HTMLElement, name: string | RegExp) =>
  user.click(within(dialog).getByRole('button', { name }));

/** Goes through the normal path up to the result step: ban ピカチュウ, pick カビゴン, both moves. */
async function toResult(user: UserEvent, dialog: HTMLElement) {
  await click(user, dialog, 'ピカチュウ');
  await click(user, dialog, '次へ');
  await click(user, dialog, 'ディフェンス');
  await click(user, dialog, 'カビゴン');
  await click(user, dialog, '次へ');
  await user.click(within(dialog).getByRole('radio', { name: 'じたばた' }));
  await user.click(within(dialog).getByRole('radio', { name: 'あくび' }));
  await click(user, dialog, '次へ');
}

/** Names a player on the violation or invalid-match step and gives a reason (required with a named player). */
async function blame(user: UserEvent, dialog: HTMLElement, player: RegExp, reason = '途中離脱') {
  await user.click(within(dialog).getByRole('radio', { name: player }));
  await user.click(within(dialog).getByRole('radio', { name: reason }));
}

/** From the result step: the outcome, the violation step as it is, the confirm step, 報告する. */
async function reportOutcome(user: UserEvent, dialog: HTMLElement, outcome: string) {
  await click(user, dialog, outcome);
  await click(user, dialog, '次へ');
  await click(user, dialog, '次へ');
  await click(user, dialog, '報告する');
}

describe('report wizard: normal path', () => {
  it('names each character button by its name alone: no icon initial in front (フシギバナ, not フフシギバナ)', async () => {
    const { user } = openMatch();
    const dialog = await openWizard(user);
    const options = [...dialog.querySelectorAll<HTMLButtonElement>('.chooser__option')];
    expect(options.length).toBeGreaterThan(5);
    for (const option of options) {
      const name = option.querySelector('.chooser__name')?.textContent ?? '';
      // What a reader that goes by the text (or ignores aria-hidden) announces is the name, once.
      expect(option.textContent).toBe(name);
      expect(within(dialog).getByRole('button', { name })).toBe(option);
    }
    expect(within(dialog).getByRole('button', { name: 'フシギバナ' }).textContent).toBe('フシギバナ');
  });

  it('banned → picked → moves → result → violation → confirm → submit, moving on only by 次へ', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    expect(progress(dialog)).toBe('20');
    expect(within(dialog).getByText('あなたは2番目のBANを報告してください')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '戻る' })).toBeDisabled();

    // banned: the type first (アタック is shown first), then the character.
    await click(user, dialog, 'スピード');
    expect(within(dialog).queryByRole('button', { name: 'ピカチュウ' })).not.toBeInTheDocument();
    await click(user, dialog, 'アタック');
    await click(user, dialog, 'ピカチュウ');
    expect(within(dialog).getByRole('button', { name: 'ピカチュウ' })).toHaveAttribute('aria-pressed', 'true');
    await click(user, dialog, '次へ');

    // picked: the banned character is not offered.
    expect(progress(dialog)).toBe('40');
    expect(within(dialog).queryByRole('button', { name: 'ピカチュウ' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('ポケモンを検索'), 'カビ');
    await click(user, dialog, 'カビゴン');
    await click(user, dialog, '次へ');

    // moves: one of each slot; stays until 次へ (a habitual tap on 次へ must not land on the next step's).
    expect(progress(dialog)).toBe('60');
    expect(within(dialog).getByText('カビゴンの技を選んでください')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'ヘビーボンバー' }));
    await user.click(within(dialog).getByRole('radio', { name: 'とおせんぼう' }));
    expect(progress(dialog)).toBe('60');
    await click(user, dialog, '次へ');

    // result: stays until 次へ too.
    expect(progress(dialog)).toBe('80');
    expect(within(dialog).getByText('あなたのチーム: チームA')).toBeInTheDocument();
    await click(user, dialog, '勝利');
    expect(progress(dialog)).toBe('80');
    expect(within(dialog).getByRole('button', { name: '勝利' })).toHaveAttribute('aria-pressed', 'true');
    await click(user, dialog, '次へ');

    // violation: optional, other participants only, 'do not report' chosen; no 報告する yet.
    expect(progress(dialog)).toBe('100');
    expect(within(dialog).getByRole('radio', { name: '報告しない' })).toBeChecked();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(10);
    expect(within(dialog).queryByRole('radio', { name: /選手2\b/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '報告する' })).not.toBeInTheDocument();
    await click(user, dialog, '次へ');

    // confirm: the answers, and 報告する in the step, not in the footer where 次へ was.
    expect(within(dialog).getByText('ステップ 6/6')).toBeInTheDocument();
    const summary = within(dialog).getByText('報告内容を確認してください').closest('section') as HTMLElement;
    expect(summary).toHaveTextContent('BANピカチュウ');
    expect(summary).toHaveTextContent('使用ポケモンカビゴン');
    expect(summary).toHaveTextContent('技ヘビーボンバー・とおせんぼう');
    expect(summary).toHaveTextContent('勝敗勝利');
    expect(summary).toHaveTextContent('違反報告報告しない');
    expect(within(dialog).queryByRole('button', { name: '次へ' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '報告する' }).closest('.modal__footer')).toBeNull();
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(0);
    await click(user, dialog, '報告する');

    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toEqual({
      result: 'A-win',
      banned_pokemon: 'PIKACHU',
      picked_pokemon: 'SNORLAX',
      pokemon_move1: 'ヘビーボンバー',
      pokemon_move2: 'とおせんぼう',
      violation_report: '',
      violation_reason: '',
      violation_note: '',
      evidence_id: null,
    });
    // Success: the wizard closes and the screen shows 報告済み with the count.
    await screen.findByText('報告済み（1/2）');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['dummy_02', '勝利', 'A-win'],
    ['dummy_02', '敗北', 'B-win'],
    ['dummy_07', '勝利', 'B-win'],
    ['dummy_07', '敗北', 'A-win'],
  ])('%s choosing %s reports %s', async (userId, outcome, result) => {
    const { server, user } = openMatch(userId);
    const dialog = await openWizard(user);
    await toResult(user, dialog);
    await reportOutcome(user, dialog, outcome);
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toMatchObject({ result });
  });

  it('a violation report names the chosen participant', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    await toResult(user, dialog);
    await click(user, dialog, '敗北');
    await click(user, dialog, '次へ');
    await blame(user, dialog, /選手8/, '放置・AFK');
    await click(user, dialog, '次へ');
    const summary = within(dialog).getByText('報告内容を確認してください').closest('section');
    expect(summary).toHaveTextContent('違反報告選手8');
    expect(summary).toHaveTextContent('理由放置・AFK');
    expect(summary).toHaveTextContent('メモなし');
    expect(summary).toHaveTextContent('スクリーンショットなし');
    await click(user, dialog, '報告する');
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toMatchObject({
      violation_report: 'dummy_08',
      violation_reason: 'afk',
      violation_note: '',
      evidence_id: null,
    });
    expect(server.callsTo('POST /api/evidence')).toHaveLength(0);
  });

  it('allows leaving the ban empty', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '次へ');
    await click(user, dialog, 'ディフェンス');
    await click(user, dialog, 'カビゴン');
    await click(user, dialog, '次へ');
    await user.click(within(dialog).getByRole('radio', { name: 'じたばた' }));
    await user.click(within(dialog).getByRole('radio', { name: 'あくび' }));
    await click(user, dialog, '次へ');
    await reportOutcome(user, dialog, '勝利');
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toMatchObject({ banned_pokemon: '' });
  });
});

describe('report wizard: validation and navigation', () => {
  it('requires a picked character: 使用したポケモンを選択してください', async () => {
    const { user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '次へ');
    await click(user, dialog, '次へ');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('使用したポケモンを選択してください');
    expect(progress(dialog)).toBe('40');
  });

  it('refuses the banned character as the picked one: BANしたポケモンと同じポケモンは選択できません', async () => {
    const { user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '次へ');
    await click(user, dialog, 'ピカチュウ');
    await click(user, dialog, '戻る');
    expect(progress(dialog)).toBe('20');
    await click(user, dialog, 'ピカチュウ'); // now banned
    await click(user, dialog, '次へ');
    await click(user, dialog, '次へ');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('BANしたポケモンと同じポケモンは選択できません');
    expect(progress(dialog)).toBe('40');
  });

  it('Back goes one step at a time and is disabled at the first step', async () => {
    const { user } = openMatch();
    const dialog = await openWizard(user);
    await toResult(user, dialog);
    await click(user, dialog, '勝利');
    await click(user, dialog, '次へ');
    await click(user, dialog, '次へ');
    await click(user, dialog, '戻る');
    expect(progress(dialog)).toBe('100');
    await click(user, dialog, '戻る');
    expect(progress(dialog)).toBe('80');
    expect(within(dialog).getByRole('button', { name: '勝利' })).toHaveAttribute('aria-pressed', 'true');
    await click(user, dialog, '戻る');
    expect(progress(dialog)).toBe('60');
    // The chosen moves are kept; Next moves on again.
    expect(within(dialog).getByRole('radio', { name: 'じたばた' })).toBeChecked();
    await click(user, dialog, '戻る');
    expect(progress(dialog)).toBe('40');
    expect(within(dialog).getByRole('button', { name: 'カビゴン' })).toHaveAttribute('aria-pressed', 'true');
    await click(user, dialog, '戻る');
    expect(progress(dialog)).toBe('20');
    expect(within(dialog).getByRole('button', { name: '戻る' })).toBeDisabled();
  });

  it('says ユーザーのチーム情報が取得できません when the user is in neither team', async () => {
    const { user, server } = openMatch('dummy_30');
    const dialog = await openWizard(user);
    await toResult(user, dialog);
    await click(user, dialog, '勝利');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('ユーザーのチーム情報が取得できません');
    expect(progress(dialog)).toBe('80');
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(0);
  });
});

describe('report wizard: invalid path', () => {
  it('banned → invalid_player (another participant or nobody, required) → confirm → submit', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '無効試合として報告');
    expect(progress(dialog)).toBe('100');
    expect(within(dialog).getByText('ステップ 2/3')).toBeInTheDocument();
    // 9 other participants and 原因なし・わからない, none chosen yet.
    expect(within(dialog).getAllByRole('radio')).toHaveLength(10);
    expect(within(dialog).getByRole('radio', { name: '原因なし・わからない' })).not.toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: '報告しない' })).not.toBeInTheDocument();
    await click(user, dialog, '次へ');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('無効試合の原因プレイヤーを選択してください');

    await blame(user, dialog, /選手5/, '放置・AFK');
    await click(user, dialog, '次へ');
    expect(within(dialog).getByText('報告内容を確認してください').closest('section')).toHaveTextContent(
      '無効試合の原因選手5',
    );
    await click(user, dialog, '無効試合として報告する');
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toEqual({
      result: 'invalid',
      banned_pokemon: '',
      picked_pokemon: '',
      pokemon_move1: '',
      pokemon_move2: '',
      violation_report: 'dummy_05',
      violation_reason: 'afk',
      violation_note: '',
      evidence_id: null,
    });
  });

  it('原因なし・わからない reports an invalid match blaming nobody', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '無効試合として報告');
    await user.click(within(dialog).getByRole('radio', { name: '原因なし・わからない' }));
    await click(user, dialog, '次へ');
    expect(within(dialog).getByText('報告内容を確認してください').closest('section')).toHaveTextContent(
      '無効試合の原因原因なし・わからない',
    );
    await click(user, dialog, '無効試合として報告する');
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toMatchObject({
      result: 'invalid',
      violation_report: '',
    });
  });

  it('Back from invalid_player returns to banned', async () => {
    const { user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '無効試合として報告');
    await click(user, dialog, '戻る');
    expect(progress(dialog)).toBe('20');
    expect(within(dialog).getByText(/BANされたポケモンを選んでください/)).toBeInTheDocument();
  });
});

describe('report wizard: sending', () => {
  it("shows the server's message in a red box and stays open", async () => {
    const { user } = openMatch('dummy_02', {
      'POST /api/matches/42/report': {
        status: 409,
        body: { error: 'この試合は集計済みのため報告できません', code: 'MATCH_ALREADY_SETTLED' },
      },
    });
    const dialog = await openWizard(user);
    await click(user, dialog, '無効試合として報告');
    await blame(user, dialog, /選手5/);
    await click(user, dialog, '次へ');
    await click(user, dialog, '無効試合として報告する');
    const box = await within(dialog).findByText('この試合は集計済みのため報告できません');
    expect(box.closest('.notice')).toHaveClass('notice--danger');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says 報告に失敗しました when the server gives no message', async () => {
    const { user } = openMatch('dummy_02', {
      'POST /api/matches/42/report': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const dialog = await openWizard(user);
    await click(user, dialog, '無効試合として報告');
    await blame(user, dialog, /選手5/);
    await click(user, dialog, '次へ');
    await click(user, dialog, '無効試合として報告する');
    expect(await within(dialog).findByText('報告に失敗しました')).toBeInTheDocument();
  });

  it('a player who already reported may correct the report while the match is open; the form starts fresh', async () => {
    const { server, user } = openMatch('dummy_02', {}, buildMatch({ has_reported: true, report_count: 1 }));
    const dialog = await openWizard(user, '報告を修正する');
    expect(progress(dialog)).toBe('20');
    expect(within(dialog).getByText('未選択')).toBeInTheDocument();
    await click(user, dialog, '無効試合として報告');
    await blame(user, dialog, /選手9/);
    await click(user, dialog, '次へ');
    await click(user, dialog, '無効試合として報告する');
    await screen.findByText('報告済み（2/2）');
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(1);
  });

  it('sends once on a double click of 報告する', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '無効試合として報告');
    await blame(user, dialog, /選手5/);
    await click(user, dialog, '次へ');
    // Both clicks in the same task, as a real double click arrives (before TanStack Query reports isPending).
    const send = within(dialog).getByRole('button', { name: '無効試合として報告する' });
    fireEvent.click(send);
    fireEvent.click(send);
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(1);
    // The first click's success still closes the wizard.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on the browser Back without sending or leaving the match screen', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, 'ピカチュウ');
    await click(user, dialog, '次へ');
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('?tab=match');
    expect(screen.getByRole('button', { name: '結果を報告する' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(0);
  });

  it('closes with Escape without sending, also after a step change (focus moves to the new question)', async () => {
    const { server, user } = openMatch();
    const dialog = await openWizard(user);
    await click(user, dialog, '無効試合として報告');
    expect(within(dialog).getByText('無効試合の原因になったプレイヤーを選んでください')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(0);
  });
});
