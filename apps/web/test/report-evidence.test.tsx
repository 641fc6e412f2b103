import type { CurrentMatch } from '@rankmatch/shared';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMatch, buildProfile, myMatchReply } from '../src/testing/data.ts';
import { evidenceReply, imageFile } from '../src/testing/evidence.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// A violation report's reason, note and screenshot (issue 34), through the wizard's invalid path (the shortest way
// to a named player). dummy_02 plays in team A (see buildMatch).

function openMatch(handlers: Handlers = {}, options: { applyAccept?: boolean } = {}) {
  signInAs(buildProfile({ user_id: 'dummy_02' }), { cacheProfile: true });
  let current: CurrentMatch = buildMatch();
  return renderApp(
    '/?tab=match',
    {
      'GET /api/matches/me': () => myMatchReply(current),
      'POST /api/evidence': { body: evidenceReply(7) },
      'POST /api/matches/42/report': () => {
        current = { ...current, has_reported: true, report_count: current.report_count + 1 };
        return { body: { ok: true, report_count: current.report_count, status: 'matched' } };
      },
      ...handlers,
    },
    { user: { applyAccept: options.applyAccept ?? true } },
  );
}

/** Opens the wizard on the invalid path's question and names 選手5. */
async function nameCulprit(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: '結果を報告する' }));
  const dialog = await screen.findByRole('dialog', { name: '試合結果の報告' });
  await user.click(within(dialog).getByRole('button', { name: '無効試合として報告' }));
  await user.click(within(dialog).getByRole('radio', { name: /選手5/ }));
  return dialog;
}

const next = (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: '次へ' }));
const screenshotInput = (dialog: HTMLElement) => within(dialog).getByLabelText('スクリーンショット（任意）');

describe('report wizard: a named player’s reason', () => {
  it('offers the six reasons only once a player is named', async () => {
    const { user } = openMatch();
    await user.click(await screen.findByRole('button', { name: '結果を報告する' }));
    const dialog = await screen.findByRole('dialog', { name: '試合結果の報告' });
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告' }));
    expect(within(dialog).queryByRole('group', { name: /理由/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /選手5/ }));
    const reasons = within(dialog).getByRole('group', { name: /理由/ });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['途中離脱', '放置・AFK', '故意の妨害', '暴言・迷惑行為', '不正', 'その他']);
    // Blaming nobody takes the fields away again.
    await user.click(within(dialog).getByRole('radio', { name: '原因なし・わからない' }));
    expect(within(dialog).queryByRole('group', { name: /理由/ })).not.toBeInTheDocument();
  });

  it('refuses to move on without a reason, marks the choices, and moves on once one is chosen', async () => {
    const { user, server } = openMatch();
    const dialog = await nameCulprit(user);
    await next(user, dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '違反を報告するプレイヤーを選んだときは、理由も選んでください',
    );
    expect(within(dialog).getByRole('radio', { name: '途中離脱' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('ステップ 2/3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '暴言・迷惑行為' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await next(user, dialog);
    expect(within(dialog).getByText('報告内容を確認してください').closest('section')).toHaveTextContent(
      '理由暴言・迷惑行為',
    );
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(0);
  });

  it('counts the note and refuses one over 200 characters', async () => {
    const { user } = openMatch();
    const dialog = await nameCulprit(user);
    await user.click(within(dialog).getByRole('radio', { name: 'その他' }));
    const note = within(dialog).getByRole('textbox', { name: 'メモ（任意）' });
    await user.click(note);
    await user.paste('あ'.repeat(201));
    expect(within(dialog).getByTestId('note-counter')).toHaveTextContent('201/200');
    expect(within(dialog).getByTestId('note-counter')).toHaveClass('text-danger');
    await next(user, dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('メモは200文字以内で入力してください');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    await user.click(note);
    await user.keyboard('{Backspace}');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await next(user, dialog);
    expect(within(dialog).getByText('報告内容を確認してください').closest('section')).toHaveTextContent(
      `メモ${'あ'.repeat(200)}`,
    );
  });
});

describe('report wizard: a screenshot', () => {
  it('refuses a file over 5 MB with the catalogue’s message, uploads nothing and shows no preview', async () => {
    const { user, server } = openMatch();
    const dialog = await nameCulprit(user);
    await user.upload(screenshotInput(dialog), imageFile('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('スクリーンショットは5MBまでです');
    expect(screenshotInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/evidence')).toHaveLength(0);
  });

  it('refuses a file that is not JPEG, PNG or WebP', async () => {
    const { user } = openMatch({}, { applyAccept: false });
    const dialog = await nameCulprit(user);
    expect(screenshotInput(dialog)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await user.upload(screenshotInput(dialog), imageFile('shot.gif', 'image/gif'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'スクリーンショットは JPEG・PNG・WebP の画像を送ってください',
    );
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('previews the chosen image, lets the player remove it, and sends none then', async () => {
    const { user, server } = openMatch();
    const dialog = await nameCulprit(user);
    await user.click(within(dialog).getByRole('radio', { name: '不正' }));
    await user.upload(screenshotInput(dialog), imageFile('lobby.png'));
    expect(within(dialog).getByRole('img', { name: '選んだスクリーンショット: lobby.png' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'スクリーンショットを外す' }));
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    await next(user, dialog);
    expect(within(dialog).getByText('報告内容を確認してください').closest('section')).toHaveTextContent(
      'スクリーンショットなし',
    );
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告する' }));
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/evidence')).toHaveLength(0);
    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toMatchObject({ evidence_id: null });
  });

  it('uploads the image with its type before the report, which names its evidence_id', async () => {
    const { user, server } = openMatch();
    const dialog = await nameCulprit(user);
    await user.click(within(dialog).getByRole('radio', { name: '故意の妨害' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'メモ（任意）' }));
    await user.paste('開始直後から動かない');
    const file = imageFile('afk.jpg', 'image/jpeg');
    await user.upload(screenshotInput(dialog), file);
    await next(user, dialog);
    expect(within(dialog).getByText('報告内容を確認してください').closest('section')).toHaveTextContent(
      'スクリーンショット添付あり（afk.jpg）',
    );
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告する' }));
    await screen.findByText('報告済み（1/2）');

    const [upload] = server.callsTo('POST /api/evidence');
    expect(upload?.url).toBe('/api/evidence?match_id=42');
    expect(upload?.contentType).toBe('image/jpeg');
    expect(upload?.rawBody).toBe(file);
    const order = server.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('POST /api/evidence')).toBeLessThan(order.indexOf('POST /api/matches/42/report'));
    expect(server.callsTo('POST /api/matches/42/report')[0]?.body).toMatchObject({
      violation_report: 'dummy_05',
      violation_reason: 'griefing',
      violation_note: '開始直後から動かない',
      evidence_id: 7,
    });
  });

  it('shows the server’s refusal of the image and uploads once when the report is sent again', async () => {
    let reports = 0;
    const { user, server } = openMatch({
      'POST /api/matches/42/report': () => {
        reports += 1;
        return reports === 1
          ? { status: 503, body: { error: 'しばらくしてからもう一度お試しください', code: 'UNAVAILABLE' } }
          : { body: { ok: true, report_count: 1, status: 'matched' } };
      },
    });
    const dialog = await nameCulprit(user);
    await user.click(within(dialog).getByRole('radio', { name: '途中離脱' }));
    await user.upload(screenshotInput(dialog), imageFile());
    await next(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告する' }));
    expect(await within(dialog).findByText('しばらくしてからもう一度お試しください')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告する' }));
    await screen.findByText('報告済み（1/2）');
    expect(server.callsTo('POST /api/evidence')).toHaveLength(1);
    expect(server.callsTo('POST /api/matches/42/report')[1]?.body).toMatchObject({ evidence_id: 7 });
  });

  it('says why the server refused the image and sends no report', async () => {
    const { user, server } = openMatch({
      'POST /api/evidence': {
        status: 400,
        body: { error: '画像を読み取れませんでした。別の画像を送ってください', code: 'EVIDENCE_UNREADABLE' },
      },
    });
    const dialog = await nameCulprit(user);
    await user.click(within(dialog).getByRole('radio', { name: '途中離脱' }));
    await user.upload(screenshotInput(dialog), imageFile());
    await next(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '無効試合として報告する' }));
    expect(await within(dialog).findByText('画像を読み取れませんでした。別の画像を送ってください')).toBeInTheDocument();
    expect(server.callsTo('POST /api/matches/42/report')).toHaveLength(0);
  });
});
