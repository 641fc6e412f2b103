import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSeason } from '../src/testing/data.ts';
import { renderApp } from '../src/testing/render-app.tsx';
import { buildStatsReply } from '../src/testing/stats-data.ts';

// jsdom has no canvas: the statistics page's charts draw nothing here.
vi.mock('../src/features/stats/components/charts/uplot-bar-chart.tsx', () => ({ default: () => null }));

// Issue 21, item 8: the top page said 総試合数 371 and /stats 試合数 380 for one season. Both now count every settled
// match of the season, void ones included, and both say so.

const activeSeason = { body: { is_season_active: true, current_season: buildSeason(), next_season: null } };

describe('the match count', () => {
  it('on the top page is the season’s, void matches included', async () => {
    renderApp('/');
    const term = await screen.findByText('今シーズンの試合数');
    const stat = term.closest('.stat') as HTMLElement;
    expect(within(stat).getByText('120')).toBeInTheDocument();
    expect(within(stat).getByText('無効試合を含む')).toBeInTheDocument();
    expect(screen.queryByText('総試合数')).toBeNull();
  });

  it('on /stats says that it includes the void matches, and how many', async () => {
    renderApp('/stats', {
      'GET /api/seasons/active': activeSeason,
      'GET /api/public/stats': { body: buildStatsReply() },
    });
    const overview = await screen.findByRole('region', { name: '試合の概要' });
    const stat = within(overview).getByText('試合数').closest('.stat') as HTMLElement;
    expect(within(stat).getByText('240')).toBeInTheDocument();
    expect(within(stat).getByText('無効試合を含む（うち無効 10試合）')).toBeInTheDocument();
  });
});
