import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProfile, buildSeason } from '../src/testing/data.ts';
import { buildQueueOutlook } from '../src/testing/notifications-data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// The match tab's いつ来ると良い？ panel (issue 24): the next wave's countdown, the players waiting (signed in: near
// the player's rate), and by hour (Japan time) the typical queue and wait from GET /api/queue/outlook, this hour first.

/** 19:30 in Japan (10:30 UTC). */
const EVENING = new Date('2025-06-01T10:30:00Z');
const at = () => Math.floor(Date.now() / 1000);

// The outlook is for a running season (between seasons it says so, and nothing else).
const SEASON_ON = {
  'GET /api/seasons/active': { body: { is_season_active: true, current_season: buildSeason(), next_season: null } },
};

function openAt(
  time: Date,
  outlook: () => ReturnType<typeof buildQueueOutlook> | { status: number; body: unknown },
  signedIn = false,
) {
  vi.useFakeTimers({ now: time, shouldAdvanceTime: true });
  if (signedIn) signInAs(buildProfile(), { cacheProfile: true });
  return renderApp(
    '/?tab=match',
    {
      ...SEASON_ON,
      'GET /api/queue/outlook': () => {
        const reply = outlook();
        return 'by_hour' in reply ? { body: reply } : reply;
      },
    },
    { user: { advanceTimers: vi.advanceTimersByTime } },
  );
}

const panel = () => screen.findByRole('region', { name: 'いつ来ると良い？' });
const rows = (region: HTMLElement, name: string) =>
  within(within(region).getByRole('list', { name })).getAllByRole('listitem');

describe('when to come', () => {
  it('lists this hour and the next seven (Japan time) with the typical queue and wait; this hour marked', async () => {
    openAt(EVENING, () => buildQueueOutlook());
    const region = await panel();
    await vi.waitFor(() => expect(within(region).getByTestId('outlook-waiting')).toHaveTextContent('7人'));
    const upcoming = rows(region, 'これからの時間帯の目安');
    expect(upcoming.map((row) => row.textContent)).toEqual([
      '19時今約9人待ち 約1分10秒',
      '20時約11人待ち 約55秒',
      '21時約12人待ち 約50秒',
      '22時約8人待ち 約1分20秒',
      '23時約4人待ち 約2分30秒',
      '0時記録なし',
      '1時記録なし',
      '2時記録なし',
    ]);
    expect(upcoming[0]).toHaveAttribute('aria-current', 'time');
    expect(upcoming[1]).not.toHaveAttribute('aria-current');
    expect(within(region).getByTestId('outlook-peak')).toHaveTextContent(
      'ふだんいちばん早くマッチングするのは 21時台です（待ち 約50秒・約12人）。',
    );
    // Signed out: no count near a rate, no link to the alert settings.
    expect(within(region).queryByText('あなたのレートに近い待機中プレイヤー')).not.toBeInTheDocument();
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
  });

  it('recommends the hour with the shortest wait, not the busiest queue whose wait is the worst (issue 36)', async () => {
    const byHour = buildQueueOutlook().by_hour.map((h) =>
      // 16時: the largest queue of the day, because its players wait longest (65分20秒).
      h.hour === 16 ? { ...h, typical_queue: 20, wait_p50_seconds: 3920 } : h,
    );
    openAt(EVENING, () => buildQueueOutlook({ by_hour: byHour }));
    const region = await panel();
    await vi.waitFor(() => expect(within(region).getByTestId('outlook-peak')).toHaveTextContent('21時台'));
    expect(within(region).getByTestId('outlook-peak')).not.toHaveTextContent('16時');
  });

  it('says why an hour has no wait (試合成立なし, explained) and lines 記録なし up with the queues (issue 36)', async () => {
    const { user } = openAt(EVENING, () => buildQueueOutlook());
    const region = await panel();
    await vi.waitFor(() => expect(within(region).getByTestId('outlook-waiting')).toHaveTextContent('7人'));
    await user.click(within(region).getByText('すべての時間帯を見る'));
    const all = rows(region, 'すべての時間帯を見る');
    // 12時: waves ran, no match was made.
    expect(all[12]).toHaveTextContent('12時約2人試合成立なし');
    expect(within(region).getByText(/「試合成立なし」は/)).toBeInTheDocument();
    expect(within(region).queryByText(/待ち —/)).not.toBeInTheDocument();
    // 1時: no wave; the same cells as the other rows, 記録なし in the queue's column.
    expect(all[1]!.children).toHaveLength(all[12]!.children.length);
    expect(all[1]!.querySelector('.outlook-hours__queue')).toHaveTextContent('記録なし');
  });

  it('says the season is over instead of hours and a countdown between seasons (issue 36)', async () => {
    vi.useFakeTimers({ now: EVENING, shouldAdvanceTime: true });
    renderApp('/?tab=match', {
      'GET /api/seasons/active': { body: { is_season_active: false, current_season: null, next_season: null } },
      'GET /api/queue/outlook': { body: buildQueueOutlook({ next_wave_at: null }) },
    });
    const region = await panel();
    expect(await within(region).findByText(/シーズン期間外/)).toBeInTheDocument();
    expect(within(region).queryByText('これからの時間帯の目安')).not.toBeInTheDocument();
    expect(within(region).queryByText(/いちばん/)).not.toBeInTheDocument();
  });

  it('shows all 24 hours on demand', async () => {
    const { user } = openAt(EVENING, () => buildQueueOutlook());
    const region = await panel();
    await user.click(await within(region).findByText('すべての時間帯を見る'));
    const all = rows(region, 'すべての時間帯を見る');
    expect(all).toHaveLength(24);
    expect(all[0]).toHaveTextContent('0時記録なし');
    expect(all[19]).toHaveAttribute('aria-current', 'time');
  });

  it('counts down to the next wave in mm:ss, every second', async () => {
    openAt(EVENING, () => buildQueueOutlook({ next_wave_at: at() + 75 }));
    const region = await panel();
    const next = within(region).getByTestId('outlook-next-wave');
    await vi.waitFor(() => expect(within(next).getByRole('timer')).toHaveTextContent('01:15'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(next).getByRole('timer')).toHaveTextContent('01:14');
    expect(next).toHaveTextContent('開始');
  });

  it('says 受付時間外 without a next wave, and when no wave was recorded yet', async () => {
    const empty = buildQueueOutlook().by_hour.map((h) => ({
      ...h,
      typical_queue: 0,
      wait_p50_seconds: null,
      waves: 0,
    }));
    openAt(EVENING, () => buildQueueOutlook({ next_wave_at: null, by_hour: empty, total_waiting: 0 }));
    const region = await panel();
    await vi.waitFor(() => expect(within(region).getByTestId('outlook-next-wave')).toHaveTextContent('受付時間外'));
    expect(within(region).getByTestId('outlook-peak')).toHaveTextContent('まだマッチングの記録がありません。');
    expect(rows(region, 'これからの時間帯の目安')[0]).toHaveTextContent('19時今記録なし');
  });

  it('signed in: the players near the player’s rate (the request carries the session), a link to the alert', async () => {
    const { server } = openAt(EVENING, () => buildQueueOutlook({ near_waiting: 3 }), true);
    const region = await panel();
    await vi.waitFor(() => expect(within(region).getByTestId('outlook-near')).toHaveTextContent('3人'));
    expect(within(region).getByText('あなたのレートに近い待機中プレイヤー')).toBeInTheDocument();
    // The queue panel above counts down to the wave and shows who waits, live: not repeated here.
    expect(within(region).queryByTestId('outlook-next-wave')).not.toBeInTheDocument();
    expect(within(region).queryByRole('timer')).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/queue/outlook')[0]?.authorization).toMatch(/^Bearer /);
    expect(within(region).getByRole('link', { name: /通知を受け取る/ })).toHaveAttribute('href', '/?tab=mypage');
  });

  it('keeps its rows while loading, and offers 再試行 when the outlook cannot be read', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fail = true;
    vi.useFakeTimers({ now: EVENING, shouldAdvanceTime: true });
    const { user } = renderApp(
      '/?tab=match',
      {
        ...SEASON_ON,
        'GET /api/queue/outlook': async () => {
          await held;
          return fail
            ? { status: 500, body: { error: 'サーバーエラー', code: 'INTERNAL' } }
            : { body: buildQueueOutlook() };
        },
      },
      { user: { advanceTimers: vi.advanceTimersByTime } },
    );
    const region = await panel();
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(rows(region, 'これからの時間帯の目安').map((row) => row.textContent)[0]).toBe('19時今—');
    release();
    expect(await within(region).findByRole('alert')).toHaveTextContent('マッチングの目安を読み込めませんでした');
    fail = false;
    await user.click(within(region).getByRole('button', { name: '再試行' }));
    await vi.waitFor(() => expect(within(region).getByTestId('outlook-waiting')).toHaveTextContent('7人'));
  });
});
