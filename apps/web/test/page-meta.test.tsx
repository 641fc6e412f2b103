import { HOME_TAB_META, PLAYER_NOT_FOUND_META, PUBLIC_PAGES, SITE_TITLE } from '@rankmatch/shared';
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
    // The description is set by a passive effect, which may run after the heading is found.
    await waitFor(() => expect(description()).toBe(PUBLIC_PAGES.about.meta.description));
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

  it("the top page is the site's title; its other tabs are named, the ranking with a description of its own", async () => {
    const { user } = renderApp('/');
    await waitFor(() => expect(document.title).toBe(SITE_TITLE));
    expect(description()).toBe(PUBLIC_PAGES.home.meta.description);
    await user.click(screen.getByRole('tab', { name: 'ランキング' }));
    await waitFor(() => expect(document.title).toBe('ランキング | rankmatch'));
    expect(description()).toBe(HOME_TAB_META.ranking.description);
    await user.click(screen.getByRole('tab', { name: 'マッチング' }));
    await waitFor(() => expect(document.title).toBe('マッチング | rankmatch'));
    expect(description()).toBe(PUBLIC_PAGES.home.meta.description);
  });

  it("a player's page is the player page while it loads (not the page before)", async () => {
    renderApp('/players/dummy_05', { 'GET /api/players/dummy_05': () => new Promise<never>(() => undefined) });
    await waitFor(() => expect(document.title).toBe('プレイヤー | rankmatch'));
    expect(description()).toBe(PUBLIC_PAGES.player.meta.description);
  });

  it("a match's page has its number while it loads", async () => {
    renderApp('/matches/42', { 'GET /api/matches/42/summary': () => new Promise<never>(() => undefined) });
    await waitFor(() => expect(document.title).toBe('試合 #42 | rankmatch'));
    expect(description()).toBe(PUBLIC_PAGES.match.meta.description);
  });

  it('a player without a page says so in the title, as the server does', async () => {
    renderApp('/players/nobody', {
      'GET /api/players/nobody': {
        status: 404,
        body: { error: 'ユーザー情報が見つかりません', code: 'USER_NOT_FOUND' },
      },
    });
    await screen.findByRole('heading', { name: PLAYER_NOT_FOUND_META.title });
    await waitFor(() => expect(document.title).toBe(`${PLAYER_NOT_FOUND_META.title} | rankmatch`));
    expect(description()).toBe(PLAYER_NOT_FOUND_META.description);
  });

  it("a match's page describes the result and the teams", async () => {
    renderApp('/matches/42', { 'GET /api/matches/42/summary': { body: buildMatchSummary() } });
    await screen.findByRole('heading', { level: 1, name: '試合 #42' });
    await waitFor(() => expect(description()).toMatch(/の試合 #42: チームAの勝利。チームA: .+ ／ チームB: /));
  });
});
