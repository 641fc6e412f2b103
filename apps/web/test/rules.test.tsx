import type { Settings } from '@rankmatch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSeason, buildSettings } from '../src/testing/data.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

const master = (settings: Partial<Settings>) => ({
  body: {
    settings: buildSettings(settings),
    badges: [],
    pokemon: [],
  },
});

describe('rules tab', () => {
  it('shows the nine fallback rules when rules_content is empty, with public system data for visitors', async () => {
    const { server } = renderApp('/');
    expect(await screen.findByText(/±200 の範囲/)).toBeInTheDocument();
    expect(screen.getByText(/内部レート（試合結果から推定した実力）を基準に ±200/)).toBeInTheDocument();
    expect(screen.getByText(/200 ずつ広がります/)).toBeInTheDocument();
    expect(screen.getByText(/およそ10〜50変動/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('.rule-list'))).toHaveLength(9);
    expect(await screen.findByText('受付中')).toBeInTheDocument();
    expect(screen.getByText('平日 14:00〜翌4:00 / 土日 終日（日本時間）')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(server.callsTo('GET /api/master')).toHaveLength(0);
  });

  it('never says 受付中 or names a season 開催中 while no season is open: a season activated before its start (issue 36)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const upcoming = buildSeason({
      id: 's2',
      name: 'シーズン2',
      start_date: now + 3 * 86_400,
      end_date: now + 60 * 86_400,
    });
    renderApp('/', {
      'GET /api/public/system': {
        body: {
          server_time: now,
          is_season_active: false,
          active_season: upcoming,
          matching: { is_open: true, hours_text: '平日 14:00〜翌4:00 / 土日 終日（日本時間）' },
          player_count: 32,
          match_count: 0,
          rules: { matchmaking: 'a', settlement: 'b', rating: 'c', penalty: 'd' },
        },
      },
      'GET /api/seasons/active': { body: { is_season_active: false, current_season: upcoming, next_season: upcoming } },
    });
    const panel = (await screen.findByRole('heading', { name: 'サイトの状況' })).closest('section')!;
    await within(panel).findByText('シーズン期間外', { selector: '.pill' });
    expect(panel).not.toHaveTextContent('受付中');
    expect(within(panel).getByText('開催中のシーズン').nextElementSibling).toHaveTextContent(
      /^シーズン期間外「シーズン2」は .+ 開始予定$/,
    );
  });

  it('renders markdown safely: no raw HTML', async () => {
    renderApp('/', {
      'GET /api/public/master': master({
        rules_content: '## 独自ルール\n\n- **BAN** は1人1体\n\n<img src=x onerror="alert(1)"><script>alert(1)</script>',
        announcement_content: '[告知](https://example.com)',
      }),
    });
    expect(await screen.findByRole('heading', { name: '独自ルール' })).toBeInTheDocument();
    expect(screen.getByText('BAN').tagName).toBe('STRONG');
    expect(document.querySelector('.markdown img')).toBeNull();
    expect(document.querySelector('.markdown script')).toBeNull();
    expect(screen.getByRole('link', { name: '告知' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders a link whose address is unsafe as plain text, not an empty link (issue 36)', async () => {
    renderApp('/', {
      'GET /api/public/master': master({
        announcement_content: '[危険](javascript:alert(1)) と [安全](https://example.com)',
      }),
    });
    const announcement = await screen.findByRole('region', { name: 'お知らせ' });
    expect(await within(announcement).findByText('危険')).toBeInTheDocument();
    expect(within(announcement).getByText('危険').closest('a')).toBeNull();
    expect(
      within(announcement)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://example.com']);
  });

  it('renders GitHub tables as tables, in a box that scrolls sideways (issue 36)', async () => {
    renderApp('/', {
      'GET /api/public/master': master({
        rules_content: '| 項目 | 内容 |\n|---|---|\n| BAN | 1人1体 |',
      }),
    });
    const rules = await screen.findByRole('region', { name: 'ルール' });
    const table = await within(rules).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: '項目' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '1人1体' })).toBeInTheDocument();
    expect(table.parentElement).toHaveClass('markdown__table');
    expect(rules.textContent).not.toContain('|');
  });

  it('keeps Markdown headings under the card headings: a ## in the announcement is no second h2 (issue 21)', async () => {
    renderApp('/', {
      'GET /api/public/master': master({
        announcement_content: '## 大事なお知らせ\n\n本文です。\n\n# 見出し1\n\n###### 最小の見出し',
        rules_content: '## 独自ルール',
      }),
    });
    const announcement = await screen.findByRole('region', { name: 'お知らせ' });
    expect(await within(announcement).findByRole('heading', { name: '大事なお知らせ' })).toBeInTheDocument();
    // The card's own title is the only h2 of the section; the Markdown's start one level below it.
    expect(
      within(announcement)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['お知らせ']);
    expect(within(announcement).getByRole('heading', { name: '大事なお知らせ' })).toHaveProperty('tagName', 'H4');
    expect(within(announcement).getByRole('heading', { name: '見出し1' })).toHaveProperty('tagName', 'H3');
    expect(within(announcement).getByRole('heading', { name: '最小の見出し' })).toHaveProperty('tagName', 'H6');
    const rules = screen.getByRole('region', { name: 'ルール' });
    expect(await within(rules).findByRole('heading', { name: '独自ルール' })).toHaveProperty('tagName', 'H4');
    expect(within(rules).getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('uses GET /api/master when signed in (no site-status panel; the rule details still come from the system)', async () => {
    signInAs(buildProfile(), { cacheProfile: true });
    const { server } = renderApp('/', {
      'GET /api/master': master({ announcement_content: 'メンテナンスのお知らせ' }),
    });
    expect(await screen.findByText('メンテナンスのお知らせ')).toBeInTheDocument();
    expect(server.callsTo('GET /api/public/master')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'サイトの状況' })).not.toBeInTheDocument();
    expect(await screen.findByText('レートはElo方式で計算します（初期レート1500）。')).toBeInTheDocument();
  });

  it("documents the server's matchmaking, settlement, rating and penalty rules, one paragraph per line", async () => {
    renderApp('/');
    const details = await screen.findByRole('region', { name: 'マッチング・集計・レート・ペナルティの詳細' });
    expect(
      await within(details).findByText('マッチングは2分ごとの「ウェーブ」でまとめて行います。'),
    ).toBeInTheDocument();
    for (const heading of ['マッチング', '試合結果の集計', 'レート', 'ペナルティ']) {
      expect(within(details).getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    }
    expect(within(details).getByText('待ち時間が長い人から順に基準プレイヤーとします。').tagName).toBe('P');
    expect(within(details).getByText('試合結果は参加者の報告で決まります。')).toBeInTheDocument();
    expect(within(details).getByText('違反報告が重なるとペナルティが加算されます。')).toBeInTheDocument();
  });
  it('says how the ready check works: the site’s time, and the steps for those who do not press (issue 35)', async () => {
    renderApp('/', { 'GET /api/public/master': master({ ready_check_seconds: 45 }) });
    const card = await screen.findByRole('region', { name: '準備確認' });
    expect(card).toHaveTextContent('45秒以内に10人全員が押すと試合が始まり');
    expect(card).toHaveTextContent('待ち時間をそのままにキューの先頭に戻り');
    expect(card).toHaveTextContent(
      '7日以内の回数に応じてしばらくマッチングに参加できなくなります: 1回目は警告のみ、2回目は5分、3回目は15分、4回目以降は60分。',
    );
  });

  it('says there is no ready check when the setting is 0', async () => {
    renderApp('/', { 'GET /api/public/master': master({ ready_check_seconds: 0 }) });
    const card = await screen.findByRole('region', { name: '準備確認' });
    expect(card).toHaveTextContent('現在は準備確認を行っていません。マッチングが成立するとすぐに試合が始まります。');
    expect(card).not.toHaveTextContent('警告のみ');
  });
});
