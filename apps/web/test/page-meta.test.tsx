import { HOME_TAB_META, PUBLIC_PAGES, SITE_TITLE } from '@rankmatch/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMatchSummary, buildPlayerPage } from '../src/testing/players-data.ts';
import { renderApp } from '../src/testing/render-app.tsx';

// jsdom has no canvas: the statistics page's charts draw nothing here.
vi.mock('../src/features/stats/components/charts/uplot-bar-chart.tsx', () => ({ default: () => null }));

// Each public page's title and description follow the app's navigation (issue 25): the server writes the first page's into
// index.html, the app keeps it right as the visitor moves on (the texts are packages/shared/src/pages.ts).

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

describe('page titles and descriptions', () => {
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

  it("a player's page already loaded keeps its own description (the page's, not the route's generic one)", async () => {
    // Coming back to a page whose data is cached renders it with its data at once, as does taking over a page the
    // server rendered: the page and the app shell set the description in the same commit.
    const playerDescription = /^ルカリオ道場 の rankmatch での成績: /;
    const { user } = renderApp('/players/dummy_05', { 'GET /api/players/dummy_05': { body: buildPlayerPage() } });
    await waitFor(() => expect(description()).toMatch(playerDescription));
    await user.click(screen.getByRole('link', { name: '統計' }));
    await waitFor(() => expect(description()).toBe(PUBLIC_PAGES.stats.meta.description));
    act(() => window.history.back());
    await screen.findByRole('heading', { level: 1, name: 'ルカリオ道場' });
    await waitFor(() => expect(description()).toMatch(playerDescription));
    expect(document.title).toBe('ルカリオ道場 のプレイヤーページ | rankmatch');
  });

  it("the top page is the site's title; the ranking tab has its own title and description", async () => {
    const { user } = renderApp('/');
    await waitFor(() => expect(document.title).toBe(SITE_TITLE));
    expect(description()).toBe(PUBLIC_PAGES.home.meta.description);
    await user.click(screen.getByRole('tab', { name: 'ランキング' }));
    await waitFor(() => expect(document.title).toBe('ランキング | rankmatch'));
    expect(description()).toBe(HOME_TAB_META.ranking.description);
  });

  it("a match's page describes the result and the teams", async () => {
    renderApp('/matches/42', { 'GET /api/matches/42/summary': { body: buildMatchSummary() } });
    await screen.findByRole('heading', { level: 1, name: '試合 #42' });
    await waitFor(() => expect(description()).toMatch(/の試合 #42: チームAの勝利。チームA: .+ ／ チームB: /));
  });
});
