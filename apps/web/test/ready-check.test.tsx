import type { ReadyCheck } from '@rankmatch/shared';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTitleMark } from '../src/lib/attention/title-mark.ts';
import { buildMatch, buildProfile, buildQueueEntry, buildReadyCheck, myMatchReply } from '../src/testing/data.ts';
import { installFakeAudio, installFakeNotification, setPageFocus } from '../src/testing/fake-attention.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// The ready check where the player waits (issue 35): GET /api/queue/ready-check on load, `readyCheck` pushes into the
// cache, POST …/ready once per press, what a failed check did to the player, and the match-found alert moved to the
// check's opening.

const now = () => Math.floor(Date.now() / 1000);

afterEach(() => clearTitleMark());

/**
 * Signed in as dummy_02 on `url` (the match tab by default); the server's check is `state.check` (GET and the press's
 * reply), its current match `state.match`.
 */
function open(
  initial: ReadyCheck | null,
  options: {
    url?: string;
    handlers?: Handlers;
    fakeTimers?: boolean;
    pressAfterMs?: number;
    match?: ReturnType<typeof buildMatch>;
  } = {},
) {
  const state: { check: ReadyCheck | null; match: ReturnType<typeof buildMatch> | null } = {
    check: initial,
    match: options.match ?? null,
  };
  signInAs(buildProfile(), { cacheProfile: true });
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderApp(
    options.url ?? '/?tab=match',
    {
      'GET /api/queue/ready-check': () => ({ body: { ready_check: state.check } }),
      'POST /api/queue/ready-check/ready': async () => {
        if (options.pressAfterMs) await new Promise((resolve) => setTimeout(resolve, options.pressAfterMs));
        const check = state.check;
        if (!check) return { status: 404, body: { error: '準備確認が見つかりません', code: 'READY_CHECK_NOT_FOUND' } };
        const ready = [...check.players.filter((p) => p.ready).map((p) => p.user_id), 'dummy_02'];
        state.check = buildReadyCheck({ ready, deadline_at: check.deadline_at });
        return { body: state.check };
      },
      'GET /api/matches/me': () => myMatchReply(state.match),
      ...options.handlers,
    },
    { user: options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined },
  );
  /** The server pushes a state of the check (and keeps it as its own). */
  const push = async (check: ReadyCheck) => {
    await vi.waitFor(() => expect(view.sockets.last.readyState).toBe(1));
    state.check = check;
    await act(async () => view.sockets.push({ type: 'readyCheck', data: check }));
  };
  return { ...view, state, push };
}

const card = () => screen.findByRole('region', { name: 'マッチが見つかりました' });
const count = () => screen.getByRole('status', { name: '準備完了の人数' });
const slot = (name: string) =>
  within(screen.getByRole('list', { name: 'プレイヤーの準備状況' }))
    .getByText(name)
    .closest('li') as HTMLElement;

describe('ready check: open', () => {
  it('shows the countdown to the deadline, N/10 and the ten players with their marks; the button has the focus', async () => {
    open(buildReadyCheck({ ready: ['dummy_01', 'dummy_05', 'dummy_09'], deadline_at: now() + 42 }), {
      fakeTimers: true,
    });
    const region = await card();
    expect(
      within(region).getByText('時間内に「準備完了」を押してください。10人全員がそろうと試合が始まります。'),
    ).toBeInTheDocument();
    const timer = within(region).getByRole('timer', { name: '準備確認の残り時間' });
    expect(timer.textContent).toMatch(/^00:4[12]$/);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(timer.textContent).toMatch(/^00:3[12]$/);

    expect(count()).toHaveTextContent('3/10');
    const slots = within(screen.getByRole('list', { name: 'プレイヤーの準備状況' })).getAllByRole('listitem');
    expect(slots).toHaveLength(10);
    expect(slot('選手1')).toHaveTextContent('準備完了');
    expect(slot('選手2')).toHaveTextContent('あなた');
    expect(slot('選手2')).toHaveTextContent('未完了');
    expect(slot('選手9')).toHaveTextContent('準備完了');
    const button = within(region).getByRole('button', { name: '準備完了' });
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
  });

  it('sends 準備完了 once on a double click, then says so and marks the player ready', async () => {
    const { user, server } = open(buildReadyCheck({ ready: ['dummy_01'] }), { pressAfterMs: 50 });
    const region = await card();
    await user.dblClick(within(region).getByRole('button', { name: '準備完了' }));
    expect(await within(region).findByText('準備完了しました、他のプレイヤーを待っています')).toBeInTheDocument();
    expect(server.callsTo('POST /api/queue/ready-check/ready').map((c) => c.body)).toEqual([{ ready_check_id: '501' }]);
    expect(within(region).queryByRole('button', { name: '準備完了' })).not.toBeInTheDocument();
    expect(count()).toHaveTextContent('2/10');
    expect(slot('選手2')).toHaveTextContent('準備完了');
  });

  it('follows the pushes live, and an older state coming late does not undo a newer one', async () => {
    const { push } = open(buildReadyCheck({ ready: ['dummy_01'] }));
    await card();
    expect(count()).toHaveTextContent('1/10');
    await push(buildReadyCheck({ ready: ['dummy_01', 'dummy_06', 'dummy_07', 'dummy_10'] }));
    await vi.waitFor(() => expect(count()).toHaveTextContent('4/10'));
    expect(slot('選手7')).toHaveTextContent('準備完了');
    expect(slot('選手8')).toHaveTextContent('未完了');
    await push(buildReadyCheck({ ready: ['dummy_01', 'dummy_06'] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(count()).toHaveTextContent('4/10');
  });

  it('shows the same state after a reload (or in a second tab): it comes from GET /api/queue/ready-check', async () => {
    const pressed = buildReadyCheck({ ready: ['dummy_02', 'dummy_03'] });
    const first = open(pressed);
    expect(await within(await card()).findByText('準備完了しました、他のプレイヤーを待っています')).toBeInTheDocument();
    expect(count()).toHaveTextContent('2/10');
    expect(screen.queryByRole('button', { name: '準備完了' })).not.toBeInTheDocument();
    expect(first.server.callsTo('GET /api/queue/ready-check')).toHaveLength(1);
    cleanup();

    const second = open(pressed);
    expect(await within(await card()).findByText('準備完了しました、他のプレイヤーを待っています')).toBeInTheDocument();
    expect(count()).toHaveTextContent('2/10');
    expect(slot('選手3')).toHaveTextContent('準備完了');
    expect(second.server.callsTo('GET /api/queue/ready-check')).toHaveLength(1);
  });

  it('shows the server’s message when the press is refused (closed), then how the check ended', async () => {
    const { user, state } = open(buildReadyCheck({ ready: ['dummy_01'] }), {
      handlers: {
        'POST /api/queue/ready-check/ready': () => {
          state.check = buildReadyCheck({ status: 'failed', my_outcome: 'removed', timeout_until: null });
          return { status: 409, body: { error: '準備確認の受付は終了しました', code: 'READY_CHECK_CLOSED' } };
        },
      },
    });
    await user.click(within(await card()).getByRole('button', { name: '準備完了' }));
    expect(await screen.findByText('準備確認の受付は終了しました')).toBeInTheDocument();
    expect(screen.getByText('準備完了を送信できませんでした')).toBeInTheDocument();
    const ended = await screen.findByRole('region', { name: 'キューから外れました' });
    expect(within(ended).getByText('準備確認の受付は終了しました')).toBeInTheDocument();
    expect(within(ended).getByText(/今回は警告のみです/)).toBeInTheDocument();
  });

  it('says in the queue entry that a found match asks for 準備完了 within the site’s time', async () => {
    open(null, {
      handlers: { 'GET /api/queue/me': { body: { in_queue: true, entry: buildQueueEntry() } } },
    });
    expect(
      await screen.findByText(
        '次のマッチングを待っています。マッチが見つかったら、60秒以内に「準備完了」を押してください。10人全員がそろうと試合画面に切り替わります。',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'マッチが見つかりました' })).not.toBeInTheDocument();
  });
});

describe('ready check: above a settled match still to report', () => {
  it('shows the next match’s check above the match screen', async () => {
    open(buildReadyCheck(), { match: buildMatch({ match_id: '76', status: 'done', has_reported: false }) });
    expect(await screen.findByRole('heading', { name: '試合 #76' })).toBeInTheDocument();
    const region = await card();
    expect(within(region).getByRole('button', { name: '準備完了' })).toBeEnabled();
  });

  it('says nothing more of the check that started the match now settled below (the walk-through saw 切り替えています)', async () => {
    const all = Array.from({ length: 10 }, (_, i) => `dummy_${String(i + 1).padStart(2, '0')}`);
    open(buildReadyCheck({ ready: all, status: 'started', match_id: '76' }), {
      match: buildMatch({ match_id: '76', status: 'done', has_reported: false }),
    });
    expect(await screen.findByRole('heading', { name: '試合 #76' })).toBeInTheDocument();
    expect(screen.queryByText('全員の準備が完了しました')).not.toBeInTheDocument();
  });
});

describe('ready check: failed', () => {
  it('ready, back in the queue: says the wait was kept, reads the queue entry again, and can be closed', async () => {
    const { push, server, user } = open(buildReadyCheck({ ready: ['dummy_02'] }));
    await card();
    const entryReads = server.callsTo('GET /api/queue/me').length;
    await push(buildReadyCheck({ ready: ['dummy_02'], status: 'failed', my_outcome: 'requeued' }));
    const region = await screen.findByRole('region', { name: '試合は成立しませんでした' });
    expect(
      within(region).getByText(
        '準備完了しなかったプレイヤーがいたため試合は成立しませんでした。待ち時間はそのままでキューに戻りました。',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '準備完了' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(server.callsTo('GET /api/queue/me').length).toBeGreaterThan(entryReads));
    await user.click(within(region).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('region', { name: '試合は成立しませんでした' })).not.toBeInTheDocument();
  });

  it('not ready, out of the queue: says until when matching is closed to the player', async () => {
    const until = Date.UTC(2026, 3, 30, 15, 30) / 1000; // 2026-05-01 00:30 JST
    open(buildReadyCheck({ status: 'failed', my_outcome: 'removed', timeout_until: until }));
    const region = await screen.findByRole('region', { name: 'キューから外れました' });
    expect(within(region).getByText('準備完了が押されなかったため、キューから外れました。')).toBeInTheDocument();
    expect(within(region).getByText('5月1日 00:30までマッチングに参加できません。')).toBeInTheDocument();
    expect(within(region).queryByText(/警告のみ/)).not.toBeInTheDocument();
  });

  it('not ready for the first time: a warning only', async () => {
    open(buildReadyCheck({ status: 'failed', my_outcome: 'removed', timeout_until: null }));
    const region = await screen.findByRole('region', { name: 'キューから外れました' });
    expect(within(region).getByText('準備完了が押されなかったため、キューから外れました。')).toBeInTheDocument();
    expect(
      within(region).getByText(
        '今回は警告のみです。7日以内にもう一度準備完了を押さなかった場合は、5分以上マッチングに参加できなくなります。',
      ),
    ).toBeInTheDocument();
  });
});

describe('ready check: started and the alert', () => {
  it('alerts once when a check opens, switches to the match tab, and not again for its presses or its match', async () => {
    localStorage.setItem('rankmatch.match_alert.notify', 'on');
    const notifications = installFakeNotification('granted');
    const audio = installFakeAudio();
    const { push, state, sockets } = open(null, { url: '/?tab=ranking' });
    await screen.findByRole('heading', { name: 'ランキング' });
    setPageFocus(false);

    await push(buildReadyCheck());
    expect(await card()).toBeInTheDocument();
    expect(audio.tones).toEqual([880, 1318.5]);
    expect(notifications.shown.map((n) => [n.title, n.options?.tag])).toEqual([
      ['マッチが見つかりました', 'ready-501'],
    ]);
    await vi.waitFor(() => expect(document.title.startsWith('【準備確認】')).toBe(true));

    await push(buildReadyCheck({ ready: ['dummy_04'] }));
    await vi.waitFor(() => expect(count()).toHaveTextContent('1/10'));
    expect(audio.tones).toHaveLength(2);

    // All ten ready: the check starts and its match is read (before the matchFound push, and again on it).
    state.match = buildMatch({ match_id: '77' });
    const all = Array.from({ length: 10 }, (_, i) => `dummy_${String(i + 1).padStart(2, '0')}`);
    await push(buildReadyCheck({ ready: all, status: 'started', match_id: '77' }));
    expect(await screen.findByRole('heading', { name: '試合 #77' })).toBeInTheDocument();
    await act(async () => sockets.push({ type: 'matchFound', match_id: '77' }));
    expect(audio.tones).toHaveLength(2);
    expect(notifications.shown).toHaveLength(1);
  });

  it('still alerts for a matchFound without a ready check (the setting at 0)', async () => {
    const audio = installFakeAudio();
    const { state, sockets } = open(null);
    await screen.findByRole('region', { name: 'マッチング成立のお知らせ' });
    await vi.waitFor(() => expect(sockets.last.readyState).toBe(1));
    state.match = buildMatch({ match_id: '78' });
    await act(async () => sockets.push({ type: 'matchFound', match_id: '78' }));
    expect(await screen.findByRole('heading', { name: '試合 #78' })).toBeInTheDocument();
    expect(audio.tones).toEqual([880, 1318.5]);
  });
});
