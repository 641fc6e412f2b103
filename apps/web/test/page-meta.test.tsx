import { PUBLIC_PAGES } from '@rankmatch/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMatchSummary, buildPlayerPage } from '../src/testing/players-data.ts';
import { renderApp } from '../src/testing/render-app.tsx';

// jsdom has no canvas: the statistics page's charts draw nothing here.
vi.mock('../src/features/stats/components/charts/uplot-bar-chart.tsx', () => ({ default: () => null }));

// Each public page's description follows the app's navigation (issue 25): the server writes the first page's into
// index.html, the app keeps it right as the visitor moves on (the texts are packages/shared/src/pages.ts).

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

describe('page descriptions', () => {
  it('a static page has its own description, and the next page its own', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'このサイトについて' });
    expect(description()).toBe(PUBLIC_PAGES.about.meta.description);
    await user.click(screen.getByRole('link', { name: '統計' }));
    await waitFor(() => expect(description()).toBe(PUBLIC_PAGES.stats.meta.description));
  });

  it("a player's page describes the player's season once loaded", async () => {
    renderApp('/players/dummy_05', { 'GET /api/players/dummy_05': { body: buildPlayerPage() } });
    await screen.findByRole('heading', { level: 1, name: 'ルカリオ道場' });
    await waitFor(() =>
      expect(description()).toMatch(/^ルカリオ道場 の rankmatch での成績: レート [\d,]+（最高 [\d,]+）/),
    );
  });

  it("a match's page describes the result and the teams", async () => {
    renderApp('/matches/42', { 'GET /api/matches/42/summary': { body: buildMatchSummary() } });
    await screen.findByRole('heading', { level: 1, name: '試合 #42' });
    await waitFor(() => expect(description()).toMatch(/の試合 #42: チームAの勝利。チームA: .+ ／ チームB: /));
  });
});
