import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { daysRemaining, seasonBarPercent, themeVariables } from '../src/features/season/theme.ts';
import { buildProfile, buildSeason } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

const active = (season = buildSeason()) => ({
  body: { is_season_active: true, current_season: season, next_season: null },
});

describe('season banner', () => {
  it('shows the name and the days left (rounded up) when 7 or fewer remain', async () => {
    const end = Math.floor(Date.now() / 1000) + 2 * 86_400 + 60;
    renderApp('/', { 'GET /api/seasons/active': active(buildSeason({ name: '冬のシーズン', end_date: end })) });
    expect(await screen.findByRole('heading', { name: '冬のシーズン' })).toBeInTheDocument();
    expect(screen.getByText('残り 3 日')).toBeInTheDocument();
  });

  it('does not count down with more than 7 days left', async () => {
    renderApp('/', { 'GET /api/seasons/active': active() });
    await screen.findByRole('heading', { name: 'シーズン1' });
    expect(screen.queryByText(/^残り/)).not.toBeInTheDocument();
  });

  it('shows the season bar of the signed-in user (max_rate / 2000)', async () => {
    signInAs(buildProfile({ max_rate: 1500 }), { cacheProfile: true });
    renderApp('/', { 'GET /api/seasons/active': active() });
    const bar = await screen.findByRole('progressbar', { name: '最高レート' });
    expect(bar).toHaveAttribute('aria-valuenow', '1500');
    expect(bar.querySelector('span')).toHaveStyle({ width: '75%' });
    // The numbers say what they are (issue 36): the season's best rate, the bar full at 2,000.
    expect(bar).toHaveAccessibleDescription(
      '今シーズンの最高レート（ランキングの順位を決める値）です。バーはレート2,000で満タンになります。',
    );
  });

  it('shows シーズン期間外, or the next season start', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'シーズン期間外' })).toBeInTheDocument();
  });

  it('announces the next season when one is planned', async () => {
    renderApp('/', {
      'GET /api/seasons/active': {
        body: { is_season_active: false, current_season: null, next_season: buildSeason({ name: '春のシーズン' }) },
      },
    });
    expect(await screen.findByText(/次のシーズン「春のシーズン」は/)).toBeInTheDocument();
  });

  it('drives the theme custom properties from the season colour', async () => {
    renderApp('/', { 'GET /api/seasons/active': active(buildSeason({ theme_color: '#3366ff' })) });
    await screen.findByRole('heading', { name: 'シーズン1' });
    expect(document.documentElement.style.getPropertyValue('--theme')).toBe('#3366ff');
  });
});

describe('season helpers', () => {
  it('caps the bar at 100 %', () => {
    expect(seasonBarPercent(1000)).toBe(50);
    expect(seasonBarPercent(2400)).toBe(100);
  });

  it('rounds days up', () => {
    const now = 1_000_000_000_000;
    expect(daysRemaining(now / 1000 + 86_400, now)).toBe(1);
    expect(daysRemaining(now / 1000 + 86_401, now)).toBe(2);
    expect(daysRemaining(now / 1000 - 1, now)).toBeNull();
  });

  it('darkens a light theme colour until white text is readable', () => {
    const vars = themeVariables('#ffee58');
    expect(vars['--theme']).toBe('#ffee58');
    expect(vars['--theme-accent']).not.toBe('#ffee58');
    expect(themeVariables('not a colour')['--theme']).toBe('#ff6b35');
  });
});
