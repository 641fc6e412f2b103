import { formatDateTime } from '@rankmatch/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMatch, buildProfile, myMatchReply } from '../src/testing/data.ts';
import { buildDispute, buildMatchTrust, evidenceImage, evidenceReply, imageFile } from '../src/testing/evidence.ts';
import type { Handlers, RecordedCall } from '../src/testing/fake-fetch.ts';
import { buildMatchSummary } from '../src/testing/players-data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// Disputes of a settled result (issue 34) on the match page /matches/42 (team A dummy_01..05 beat B dummy_06..10)
// and on the match tab.

const SUMMARY = 'GET /api/matches/42/summary';
const TRUST = 'GET /api/matches/42/trust';
const DISPUTE = 'POST /api/matches/42/dispute';

function openMatchPage(userId: string | null, handlers: Handlers = {}) {
  if (userId) signInAs(buildProfile({ user_id: userId }), { cacheProfile: true });
  return renderApp('/matches/42', {
    [SUMMARY]: { body: buildMatchSummary() },
    [TRUST]: { body: buildMatchTrust() },
    'POST /api/evidence': { body: evidenceReply(9) },
    [DISPUTE]: (call: RecordedCall) => ({
      body: buildMatchTrust({
        disputed: true,
        dispute_until: null,
        mine: buildDispute(call.body as Partial<ReturnType<typeof buildDispute>>),
      }),
    }),
    ...handlers,
  });
}

async function openDispute(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: '異議を申し立てる' }));
  return screen.findByRole('dialog', { name: '試合結果への異議' });
}

const send = (user: UserEvent, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: '異議を申し立てる' }));

describe('match page: disputes', () => {
  it('asks nothing about disputes for a visitor or a signed-in player of another match', async () => {
    const visitor = openMatchPage(null);
    await screen.findByRole('heading', { level: 1, name: '試合 #42' });
    expect(visitor.server.callsTo(TRUST)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '異議を申し立てる' })).not.toBeInTheDocument();
    visitor.unmount();

    const other = openMatchPage('dummy_30');
    await screen.findByRole('heading', { level: 1, name: '試合 #42' });
    expect(other.server.callsTo(TRUST)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: '異議申し立て' })).not.toBeInTheDocument();
  });

  it('offers a player the dispute until its deadline, with their token', async () => {
    const { server } = openMatchPage('dummy_02');
    const panel = await screen.findByRole('region', { name: '異議申し立て' });
    expect(panel).toHaveTextContent(`${formatDateTime(1_717_287_600)} まで異議を申し立てられます`);
    expect(within(panel).getByRole('button', { name: '異議を申し立てる' })).toBeInTheDocument();
    expect(server.callsTo(TRUST)[0]?.authorization).toMatch(/^Bearer /);
    // The public summary stays the same call for everyone (no token).
    expect(server.callsTo(SUMMARY)[0]?.authorization).toBeNull();
  });

  it('refuses a dispute without a reason or with a note over 200 characters', async () => {
    const { user, server } = openMatchPage('dummy_02');
    const dialog = await openDispute(user);
    await send(user, dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('異議の理由を選んでください');
    await user.click(within(dialog).getByRole('radio', { name: '勝敗が逆になっている' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'メモ（任意）' }));
    await user.paste('い'.repeat(201));
    await send(user, dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('メモは200文字以内で入力してください');
    expect(within(dialog).getByRole('textbox', { name: 'メモ（任意）' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(DISPUTE)).toHaveLength(0);
  });

  it('refuses a screenshot over 5 MB in the dialog', async () => {
    const { user, server } = openMatchPage('dummy_02');
    const dialog = await openDispute(user);
    await user.upload(
      within(dialog).getByLabelText('スクリーンショット（任意）'),
      imageFile('big.webp', 'image/webp', 6 * 1024 * 1024),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('スクリーンショットは5MBまでです');
    expect(server.callsTo('POST /api/evidence')).toHaveLength(0);
  });

  it('files a dispute with reason, note and screenshot, then shows it as 異議申し立て中', async () => {
    const { user, server } = openMatchPage('dummy_02', { 'GET /api/evidence/9': () => evidenceImage() });
    const dialog = await openDispute(user);
    await user.click(within(dialog).getByRole('radio', { name: '無効試合にするべき' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'メモ（任意）' }));
    await user.paste('相手が一人来なかった');
    await user.upload(within(dialog).getByLabelText('スクリーンショット（任意）'), imageFile('lobby.png'));
    expect(within(dialog).getByRole('img', { name: '選んだスクリーンショット: lobby.png' })).toBeInTheDocument();
    await send(user, dialog);

    expect(await screen.findByText('異議を受け付けました。運営の対応をお待ちください。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '試合結果への異議' })).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/evidence')[0]?.url).toBe('/api/evidence?match_id=42');
    expect(server.callsTo(DISPUTE)[0]?.body).toEqual({
      reason: 'should_be_void',
      note: '相手が一人来なかった',
      evidence_id: 9,
    });
    const panel = screen.getByRole('region', { name: '異議申し立て' });
    expect(panel).toHaveTextContent('あなたの異議');
    expect(panel).toHaveTextContent('状態異議申し立て中');
    expect(panel).toHaveTextContent('理由無効試合にするべき');
    expect(panel).toHaveTextContent('メモ相手が一人来なかった');
    expect(within(panel).queryByRole('button', { name: '異議を申し立てる' })).not.toBeInTheDocument();
    // The own screenshot is read with the token into a blob URL.
    expect(await within(panel).findByRole('button', { name: 'スクリーンショット 1 を拡大' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/evidence/9')[0]?.authorization).toMatch(/^Bearer /);
  });

  it('sends once on a double click', async () => {
    const { user, server } = openMatchPage('dummy_02');
    const dialog = await openDispute(user);
    await user.click(within(dialog).getByRole('radio', { name: 'その他' }));
    const button = within(dialog).getByRole('button', { name: '異議を申し立てる' });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText('異議を受け付けました。運営の対応をお待ちください。');
    expect(server.callsTo(DISPUTE)).toHaveLength(1);
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user } = openMatchPage('dummy_02', {
      [DISPUTE]: {
        status: 409,
        body: { error: '異議を申し立てられるのは、結果の確定から24時間以内です', code: 'DISPUTE_WINDOW_CLOSED' },
      },
    });
    const dialog = await openDispute(user);
    await user.click(within(dialog).getByRole('radio', { name: '勝敗が逆になっている' }));
    await send(user, dialog);
    const box = await within(dialog).findByText('異議を申し立てられるのは、結果の確定から24時間以内です');
    expect(box.closest('.notice')).toHaveClass('notice--danger');
  });

  it("says 異議申し立て中 to the match's players while another player's dispute is open", async () => {
    openMatchPage('dummy_07', { [TRUST]: { body: buildMatchTrust({ disputed: true, dispute_until: null }) } });
    const panel = await screen.findByRole('region', { name: '異議申し立て' });
    expect(panel).toHaveTextContent('異議申し立て中');
    expect(within(panel).queryByRole('button', { name: '異議を申し立てる' })).not.toBeInTheDocument();
  });

  it("shows the outcome of the player's resolved dispute with the admin's comment", async () => {
    const mine = buildDispute({
      status: 'corrected',
      resolved_at: 1_717_210_000,
      resolution_note: '報告とスクリーンショットを確認し、チームBの勝利に訂正しました',
    });
    openMatchPage('dummy_02', { [TRUST]: { body: buildMatchTrust({ dispute_until: null, mine }) } });
    const panel = await screen.findByRole('region', { name: '異議申し立て' });
    expect(panel).toHaveTextContent('状態結果を訂正');
    expect(panel).toHaveTextContent('運営からのコメント報告とスクリーンショットを確認し、チームBの勝利に訂正しました');
    expect(panel).toHaveTextContent(`対応${formatDateTime(1_717_210_000)}`);
    expect(panel).not.toHaveTextContent('異議申し立て中');
  });

  it("follows an admin's correction pushed while the page is open (profileChanged)", async () => {
    let trust = buildMatchTrust({ disputed: true, dispute_until: null, mine: buildDispute() });
    const { sockets } = openMatchPage('dummy_02', { [TRUST]: () => ({ body: trust }) });
    const panel = await screen.findByRole('region', { name: '異議申し立て' });
    expect(panel).toHaveTextContent('状態異議申し立て中');
    trust = buildMatchTrust({
      dispute_until: null,
      mine: buildDispute({ status: 'voided', resolved_at: 1_717_210_000, resolution_note: '無効試合にしました' }),
    });
    await act(async () => sockets.push({ type: 'profileChanged', reason: 'corrected' }));
    await waitFor(() => expect(panel).toHaveTextContent('状態無効試合に変更'));
    expect(panel).toHaveTextContent('無効試合にしました');
  });

  it('shows nothing when there is nothing to say (too late, no dispute)', async () => {
    const { server } = openMatchPage('dummy_02', { [TRUST]: { body: buildMatchTrust({ dispute_until: null }) } });
    await screen.findByRole('heading', { level: 1, name: '試合 #42' });
    await expect.poll(() => server.callsTo(TRUST).length).toBe(1);
    expect(screen.queryByRole('region', { name: '異議申し立て' })).not.toBeInTheDocument();
  });
});

describe('match tab: a settled match', () => {
  it('offers the dispute under the settled match its player may still report', async () => {
    signInAs(buildProfile({ user_id: 'dummy_02' }), { cacheProfile: true });
    renderApp('/?tab=match', {
      'GET /api/matches/me': myMatchReply(buildMatch({ status: 'done' })),
      [SUMMARY]: { body: buildMatchSummary() },
      [TRUST]: { body: buildMatchTrust() },
    });
    const panel = await screen.findByRole('region', { name: '異議申し立て' });
    expect(within(panel).getByRole('button', { name: '異議を申し立てる' })).toBeInTheDocument();
  });
});
