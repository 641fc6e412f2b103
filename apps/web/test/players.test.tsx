import { BOOT_DATA_ID, BOOT_KEYS, REFUND_TEXTS } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '../src/testing/data.ts';
import { buildHistoryEntry, buildMatchSummary, buildPlayerPage } from '../src/testing/players-data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

const PLAYER = 'GET /api/players/dummy_05';
const notFound = { status: 404, body: { error: 'ユーザー情報が見つかりません', code: 'USER_NOT_FOUND' } };

describe('player page', () => {
  it('shows a skeleton while the page loads', async () => {
    renderApp('/players/dummy_05', { [PLAYER]: () => new Promise(() => {}) });
    expect(await screen.findByRole('status', { name: 'プレイヤー情報を読み込み中' })).toBeInTheDocument();
  });

  it('shows the profile: name, X link, equipped badge, bio, favourites, owned badges', async () => {
    renderApp('/players/dummy_05', { [PLAYER]: { body: buildPlayerPage() } });
    const card = await screen.findByRole('region', { name: 'ルカリオ道場' });
    expect(within(card).getByRole('heading', { level: 1, name: 'ルカリオ道場' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '@lucario_dojo の X（Twitter）を開く' })).toHaveAttribute(
      'href',
      'https://x.com/lucario_dojo',
    );
    expect(within(card).getByText('毎晩22時から潜っています。')).toBeInTheDocument();
    expect(within(card).getAllByText('S0 1位')[0]).toBeInTheDocument();
    expect(within(card).getByText('ルカリオ')).toBeInTheDocument();
    expect(within(card).getByText('所持バッジ（2個）')).toBeInTheDocument();
    // The title is set by a passive effect, which may run after the page's content is found.
    await waitFor(() => expect(document.title).toBe('ルカリオ道場 のプレイヤーページ | rankmatch'));
  });

  it('shows the season numbers and the rating chart of the active season', async () => {
    renderApp('/players/dummy_05', { [PLAYER]: { body: buildPlayerPage() } });
    const season = await screen.findByRole('region', { name: '今シーズンの成績' });
    expect(within(season).getByText('シーズン1 の成績')).toBeInTheDocument();
    const value = (label: string) => within(season).getByText(label).nextElementSibling?.textContent;
    expect(value('現在のレート')).toBe('1,642');
    expect(value('最高レート')).toBe('1,688');
    expect(value('試合数')).toBe('48');
    expect(value('勝利数')).toBe('27');
    expect(value('勝率')).toBe('56.3%');
    expect(within(season).queryByRole('button', { name: '暫定' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'レート推移: 1600 から 1642（3件）' })).toBeInTheDocument();
  });

  it('marks a provisional current rate 暫定 with its tooltip, and not a settled one (issue 22)', async () => {
    const page = buildPlayerPage();
    renderApp('/players/dummy_05', { [PLAYER]: { body: { ...page, profile: { ...page.profile, match_count: 4 } } } });
    const season = await screen.findByRole('region', { name: '今シーズンの成績' });
    expect(within(season).getByRole('button', { name: '暫定' })).toHaveAccessibleDescription(
      '今シーズンはまだ4戦です（10戦未満）。レートは試合結果から推定した実力（内部レート）に近づいている途中のため、大きく動くことがあります。',
    );
  });

  it('lists the most played characters with their win rates', async () => {
    renderApp('/players/dummy_05', { [PLAYER]: { body: buildPlayerPage() } });
    const section = await screen.findByRole('region', { name: 'よく使うポケモン' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ルカリオ');
    expect(rows[0]).toHaveTextContent('30試合');
    expect(rows[0]).toHaveTextContent('18勝');
    expect(rows[0]).toHaveTextContent('勝率60%');
    expect(rows[1]).toHaveTextContent('ピカチュウ');
    expect(rows[1]).toHaveTextContent('勝率41.7%');
  });

  it('labels the usage bar and gives the win rate a bar of its own: 勝率 0% is an empty bar (issue 21)', async () => {
    const page = buildPlayerPage({
      characters: [
        { pokemon_id: 'LUCARIO', matches: 30, wins: 18, win_rate: 60 },
        { pokemon_id: 'PIKACHU', matches: 15, wins: 0, win_rate: 0 },
      ],
    });
    renderApp('/players/dummy_05', { [PLAYER]: { body: page } });
    const section = await screen.findByRole('region', { name: 'よく使うポケモン' });
    const [, pikachu] = within(section).getAllByRole('listitem');
    // Usage: the share of the most played character's matches, said so beside the bar.
    const usage = within(pikachu!).getByRole('meter', { name: 'ピカチュウの使用回数（最も多いポケモンとの比較）' });
    expect(usage).toHaveAttribute('aria-valuenow', '15');
    expect(usage).toHaveAttribute('aria-valuemax', '30');
    expect(within(pikachu!).getByText('使用')).toBeInTheDocument();
    // The win rate's own bar: empty at 0 %.
    const rate = within(pikachu!).getByRole('meter', { name: 'ピカチュウの勝率' });
    expect(rate).toHaveAttribute('aria-valuenow', '0');
    expect((rate.firstElementChild as HTMLElement).style.width).toBe('0%');
    expect((usage.firstElementChild as HTMLElement).style.width).toBe('50%');
  });

  it('lists the recent matches (勝ち / 負け / 無効, signed deltas), each linking to its summary', async () => {
    renderApp('/players/dummy_05', { [PLAYER]: { body: buildPlayerPage() } });
    const section = await screen.findByRole('region', { name: '最近の試合' });
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/matches/103', '/matches/102', '/matches/101']);
    expect(links[0]).toHaveTextContent('ルカリオ');
    expect(links[0]).toHaveTextContent('勝ち');
    expect(within(links[0]!).getByText('+12')).toHaveClass('players-delta--up');
    expect(links[1]).toHaveTextContent('負け');
    expect(within(links[1]!).getByText('-9')).toHaveClass('players-delta--down');
    expect(links[2]).toHaveTextContent('無効');
    expect(links[2]).toHaveTextContent('未報告');
    expect(links[2]).toHaveTextContent('+0');
  });

  it('marks a refunded match 返還済み in place of its rate change (issue 35)', async () => {
    const recent = [buildHistoryEntry({ match_id: '104', winlose: 0, rate_delta: 0, refunded: true })];
    renderApp('/players/dummy_05', { [PLAYER]: { body: buildPlayerPage({ recent_matches: recent }) } });
    const section = await screen.findByRole('region', { name: '最近の試合' });
    const [link] = within(section).getAllByRole('link') as [HTMLElement];
    expect(link).toHaveTextContent('負け');
    expect(within(link).getByText(REFUND_TEXTS.marker)).toHaveAttribute('title', REFUND_TEXTS.markerHint);
    expect(link).not.toHaveTextContent('+0');
  });

  it('shows the finished seasons with the final rank or ランク外, numbers and badges', async () => {
    renderApp('/players/dummy_05', { [PLAYER]: { body: buildPlayerPage() } });
    const section = await screen.findByRole('region', { name: '過去シーズンの成績' });
    const [first, second] = within(section)
      .getAllByRole('listitem')
      .filter((li) => li.matches('.season-record'));
    expect(within(first!).getByRole('heading', { name: 'シーズン0' })).toBeInTheDocument();
    expect(within(first!).getByText('最終順位').nextElementSibling).toHaveTextContent('3位');
    expect(within(first!).getByText('最終レート').nextElementSibling).toHaveTextContent('1,720');
    expect(within(first!).getByText('S0 3位')).toBeInTheDocument();
    expect(within(first!).getByText('最終順位3位')).toBeInTheDocument();
    expect(within(second!).getByRole('heading', { name: 'プレシーズン' })).toBeInTheDocument();
    expect(within(second!).getByText('最終順位').nextElementSibling).toHaveTextContent('ランク外');
    expect(within(second!).getByText('このシーズンに獲得したバッジはありません')).toBeInTheDocument();
  });

  it('shows empty states for a player without a season, matches, characters or past seasons', async () => {
    renderApp('/players/dummy_05', {
      [PLAYER]: {
        body: buildPlayerPage({
          season: null,
          rating_history: [],
          characters: [],
          recent_matches: [],
          records: [],
          owned_badges: [],
        }),
      },
    });
    expect(await screen.findByText('開催中のシーズンはありません')).toBeInTheDocument();
    expect(screen.getByText(/グラフにできる試合がまだありません/)).toBeInTheDocument();
    expect(screen.getByText('今シーズンの使用ポケモンの記録はまだありません')).toBeInTheDocument();
    expect(screen.getByText('試合履歴がありません')).toBeInTheDocument();
    expect(screen.getByText('過去シーズンの記録はありません')).toBeInTheDocument();
    expect(screen.queryByText(/所持バッジ/)).not.toBeInTheDocument();
  });

  it('goes back where the visitor came from: 戻る inside the site, ランキングへ on a page opened directly (issue 36)', async () => {
    const { user } = renderApp('/players/dummy_05', {
      [PLAYER]: { body: buildPlayerPage() },
      'GET /api/matches/103/summary': { body: buildMatchSummary({ match_id: '103' }) },
    });
    // Opened directly: nothing to go back to, and it does not claim the ranking is where one came from.
    const toRanking = await screen.findByRole('link', { name: /ランキングへ/ });
    expect(toRanking).toHaveAttribute('href', '/?tab=ranking');
    expect(screen.queryByText(/ランキングに戻る/)).not.toBeInTheDocument();
    // From the player page to a match: 戻る returns to the player page.
    const recent = await screen.findByRole('region', { name: '最近の試合' });
    await user.click(within(recent).getAllByRole('link')[0]!);
    const back = await screen.findByRole('button', { name: /戻る/ });
    expect(screen.queryByText(/ランキング(に戻る|へ)/)).not.toBeInTheDocument();
    await user.click(back);
    expect(await screen.findByRole('region', { name: 'ルカリオ道場' })).toBeInTheDocument();
  });

  it('says プレイヤーが見つかりません on 404, with a link back to the ranking', async () => {
    const { server } = renderApp('/players/dummy_05', { [PLAYER]: notFound });
    expect(await screen.findByRole('heading', { name: 'プレイヤーが見つかりません' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ランキングに戻る' })).toHaveAttribute('href', '/?tab=ranking');
    // A 404 is an answer: no retry button, no second request.
    expect(screen.queryByRole('button', { name: '再試行' })).not.toBeInTheDocument();
    expect(server.callsTo(PLAYER)).toHaveLength(1);
  });

  it('names the tab プレイヤーが見つかりません on 404 (issue 36)', async () => {
    renderApp('/players/dummy_05', { [PLAYER]: notFound });
    expect(await screen.findByRole('heading', { name: 'プレイヤーが見つかりません' })).toBeInTheDocument();
    // The title is set by a passive effect, which may run after the page's content is found.
    await waitFor(() => expect(document.title).toContain('プレイヤーが見つかりません'));
  });

  it('asks nothing when the server already answered the address 404 in index.html (issue 36)', async () => {
    const boot = document.createElement('script');
    boot.id = BOOT_DATA_ID;
    boot.type = 'application/json';
    boot.textContent = JSON.stringify({ [BOOT_KEYS.notFound]: '/players/dummy_05' });
    document.body.append(boot);
    const { server } = renderApp('/players/dummy_05', { [PLAYER]: notFound });
    expect(await screen.findByRole('heading', { name: 'プレイヤーが見つかりません' })).toBeInTheDocument();
    expect(server.callsTo(PLAYER)).toHaveLength(0);
    boot.remove();
  });

  it('does not ask the server about an id that cannot name a player', async () => {
    const { server } = renderApp('/players/not%20a%20user');
    expect(await screen.findByRole('heading', { name: 'プレイヤーが見つかりません' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith('/api/players/'))).toHaveLength(0);
  });

  it('shows a failed load with 再試行, and retries', async () => {
    let attempts = 0;
    const { user } = renderApp('/players/dummy_05', {
      [PLAYER]: () => {
        attempts++;
        return attempts === 1
          ? { status: 500, body: { error: 'サーバーでエラーが発生しました' } }
          : { body: buildPlayerPage() };
      },
    });
    expect(await screen.findByText(/サーバーでエラーが発生しました/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ルカリオ道場' })).toBeInTheDocument();
  });

  it('is public: asks without the session token even when signed in', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { server } = renderApp('/players/dummy_05', { [PLAYER]: { body: buildPlayerPage() } });
    await screen.findByRole('heading', { level: 1, name: 'ルカリオ道場' });
    expect(server.callsTo(PLAYER)[0]?.authorization).toBeNull();
  });

  it('opens a recent match summary from its row', async () => {
    const { user } = renderApp('/players/dummy_05', {
      [PLAYER]: { body: buildPlayerPage() },
      'GET /api/matches/103/summary': { body: buildMatchSummary({ match_id: '103' }) },
    });
    const section = await screen.findByRole('region', { name: '最近の試合' });
    await user.click(within(section).getAllByRole('link')[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: '試合 #103' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/matches/103');
    // Back goes to the player page the visitor came from.
    await user.click(screen.getByRole('button', { name: '前のページに戻る' }));
    await waitFor(() => expect(window.location.pathname).toBe('/players/dummy_05'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ルカリオ道場' })).toBeInTheDocument();
  });
});
