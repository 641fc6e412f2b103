import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildRankingEntry, buildSeason } from '../src/testing/data.ts';
import { buildPlayerPage } from '../src/testing/players-data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

const reply = (rankings: ReturnType<typeof buildRankingEntry>[]) => ({
  body: { rankings, updated_at: 1_700_000_000, season_id: 's1' },
});

describe('ranking tab', () => {
  it('shows a loading skeleton while the ranking loads', async () => {
    renderApp('/?tab=ranking', { 'GET /api/public/ranking': () => new Promise(() => {}) });
    expect(await screen.findByRole('status', { name: 'ランキングを読み込み中' })).toBeInTheDocument();
  });

  it('shows the error with 再試行, and retries', async () => {
    let attempts = 0;
    const { user } = renderApp('/?tab=ranking', {
      'GET /api/public/ranking': () => {
        attempts++;
        return attempts === 1
          ? { status: 500, body: { error: 'サーバーでエラーが発生しました' } }
          : reply([buildRankingEntry(1)]);
      },
    });
    expect(await screen.findByText('サーバーでエラーが発生しました')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('プレイヤー1')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows ランキングデータがありません when empty in an open season', async () => {
    renderApp('/?tab=ranking', {
      'GET /api/public/ranking': reply([]),
      'GET /api/seasons/active': { body: { is_season_active: true, current_season: buildSeason(), next_season: null } },
    });
    expect(await screen.findByText('ランキングデータがありません')).toBeInTheDocument();
  });

  it('says シーズン期間外, as the banner does, when no season is open, and when the next one starts (issue 36)', async () => {
    const start = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const upcoming = buildSeason({ id: 's2', name: 'シーズン2', start_date: start, end_date: start + 60 * 86_400 });
    renderApp('/?tab=ranking', {
      'GET /api/public/ranking': reply([]),
      'GET /api/seasons/active': { body: { is_season_active: false, current_season: upcoming, next_season: upcoming } },
    });
    expect(await screen.findByText('シーズン期間外のため、ランキングはありません')).toBeInTheDocument();
    expect(screen.getByText(/「シーズン2」が .+ に始まると、ここに表示されます。/)).toBeInTheDocument();
    expect(screen.queryByText('ランキングデータがありません')).not.toBeInTheDocument();
  });

  it('renders rows: medals for 1–3, max and current rate, win rate, badges, X link', async () => {
    renderApp('/?tab=ranking', {
      'GET /api/public/ranking': reply([
        buildRankingEntry(1, { twitter_id: 'champ', current_badge: 'badge_001', max_rate: 1900, rate: 1870 }),
        buildRankingEntry(2),
        buildRankingEntry(3),
        buildRankingEntry(4, { trainer_name: '', discord_username: 'only_discord' }),
      ]),
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('img', { name: '1位' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: '2位' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('img', { name: '3位' })).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('img', { name: '4位' })).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('1,900');
    expect(rows[0]).toHaveTextContent('1,870');
    expect(rows[0]).toHaveTextContent('55.5%');
    expect(within(rows[0]!).getByText('S0 1位')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: '@champ の X（Twitter）を開く' })).toHaveAttribute(
      'href',
      'https://x.com/champ',
    );
    expect(rows[3]).toHaveTextContent('only_discord');
  });

  it('marks a rate with fewer than 10 matches 暫定, with a tooltip that says why (issue 22)', async () => {
    renderApp('/?tab=ranking', {
      'GET /api/public/ranking': reply([
        buildRankingEntry(1, { match_count: 4 }),
        buildRankingEntry(2, { match_count: 10 }),
      ]),
    });
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const mark = within(first!).getByRole('button', { name: '暫定' });
    expect(mark).toHaveAccessibleDescription(
      '今シーズンはまだ4戦です（10戦未満）。レートは試合結果から推定した実力（内部レート）に近づいている途中のため、大きく動くことがあります。',
    );
    expect(within(first!).getByRole('tooltip')).toHaveTextContent(
      '今シーズンはまだ4戦です（10戦未満）。レートは試合結果から推定した実力（内部レート）に近づいている途中のため、大きく動くことがあります。',
    );
    expect(within(second!).queryByRole('button', { name: '暫定' })).not.toBeInTheDocument();
  });

  it('uses /api/users/ranking when signed in', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { server } = renderApp('/?tab=ranking', { 'GET /api/users/ranking': reply([buildRankingEntry(1)]) });
    expect(await screen.findByText('プレイヤー1')).toBeInTheDocument();
    expect(server.callsTo('GET /api/public/ranking')).toHaveLength(0);
  });

  it("links each named player's row to their player page, and opens it", async () => {
    const { user } = renderApp('/?tab=ranking', {
      'GET /api/public/ranking': reply([
        buildRankingEntry(1, { user_id: 'dummy_05', trainer_name: 'ルカリオ道場' }),
        buildRankingEntry(2, { trainer_name: '', discord_username: 'only_discord' }),
      ]),
      'GET /api/players/dummy_05': { body: buildPlayerPage() },
    });
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'ルカリオ道場' })).toHaveAttribute('href', '/players/dummy_05');
    // Without a trainer name there is no player page to open.
    expect(within(second!).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('link', { name: 'ルカリオ道場' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ルカリオ道場' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/players/dummy_05');
  });
});
