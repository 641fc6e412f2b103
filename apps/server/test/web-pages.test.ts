import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { SIGNED_IN_COOKIE } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason, matchTen, postReport, report } from './helpers/match.ts';

// What the server writes into index.html for each address (issue 25): link previews on Discord and X and search
// engines read only the HTML, so each public page gets its title, description, canonical address and Open Graph card
// there; a player or match without a page is a 404; the page's own chunk is preloaded with the entry. Also
// robots.txt, sitemap.xml and the brotli/gzip copies the build writes.

const ENTRY = 'assets/index-BQ3x9_aZ.js';
const VENDOR = 'assets/react-Cx1_ab2Z.js';
const STATS = 'assets/stats-page-D4aa_b1Q.js';
const STATS_CSS = 'assets/stats-page-Zf9VsmeL.css';
const SHARED = 'assets/api-client-tGuoZDpw.js';
const ENTRY_JS = 'console.log("entry");'.repeat(200);

function builtWebApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'rankmatch-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="ja">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <meta name="description" content="built description" />',
      '    <title>built title</title>',
      `    <script type="module" crossorigin src="/${ENTRY}"></script>`,
      `    <link rel="modulepreload" crossorigin href="/${VENDOR}">`,
      '  </head>',
      '  <body><div id="root"></div></body>',
      '</html>',
    ].join('\n'),
  );
  for (const file of [ENTRY, VENDOR, STATS, STATS_CSS, SHARED]) writeFileSync(join(dist, file), ENTRY_JS);
  writeFileSync(join(dist, `${ENTRY}.br`), brotliCompressSync(ENTRY_JS));
  writeFileSync(join(dist, `${ENTRY}.gz`), gzipSync(ENTRY_JS));
  // Vite's manifest: the entry imports the vendor chunk; the statistics page imports a chunk shared with the entry
  // and one of its own.
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: ENTRY, name: 'index', isEntry: true, imports: ['_react.js', '_api-client.js'] },
      '_react.js': { file: VENDOR, name: 'react' },
      '_api-client.js': { file: SHARED, name: 'api-client' },
      'src/features/stats/components/stats-page.tsx': {
        file: STATS,
        name: 'stats-page',
        isDynamicEntry: true,
        imports: ['_api-client.js', '_role-icon.js'],
        css: [STATS_CSS],
      },
      '_role-icon.js': { file: 'assets/role-icon-DUU-g-UX.js', name: 'role-icon' },
    }),
  );
  return dist;
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;

describe('index.html for each address', () => {
  let t: TestApp;
  let matchId: string;
  let player: string;

  beforeAll(async () => {
    t = await createTestApp({ webDist: builtWebApp(), env: { PUBLIC_URL: 'https://rankmatch.example' } });
    const admin = await t.login('dummy_admin');
    await activeSeason(t);
    const m = await matchTen(t, admin);
    player = m.teamA[0] as string;
    await t.ctx.db.execute(
      sql`update users set trainer_name = ${'ルカリオ<道場> "R"'}, discord_avatar_url = 'https://cdn.example/a.png'
          where id = ${player}`,
    );
    await postReport(t, m.match.match_id, m.tokenOf(player), report('A-win'));
    const done = await postReport(t, m.match.match_id, m.tokenOf(m.teamB[0] as string), report('A-win'));
    expect(done.json()).toMatchObject({ status: 'done' });
    matchId = m.match.match_id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a player page has the player in its title, description and card (escaped), and a canonical address', async () => {
    const res = await t.request({ method: 'GET', url: `/players/${player}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(title(html)).toBe('ルカリオ&lt;道場&gt; &quot;R&quot; のプレイヤーページ | rankmatch');
    expect(html).not.toContain('<道場>');
    expect(meta(html, 'og:title')).toBe('ルカリオ&lt;道場&gt; &quot;R&quot; のプレイヤーページ');
    expect(meta(html, 'description')).toContain('レート 1,510（最高 1,510）、1試合 1勝（勝率 100.0%）');
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:image')).toBe('https://cdn.example/a.png');
    expect(meta(html, 'og:url')).toBe(`https://rankmatch.example/players/${player}`);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(html).toContain(`<link rel="canonical" href="https://rankmatch.example/players/${player}" />`);
    // One title and one description: the built ones are replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('built title');
  });

  it('a match page says the result and the teams', async () => {
    const res = await t.request({ method: 'GET', url: `/matches/${matchId}` });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe(`試合 #${matchId} | rankmatch`);
    expect(meta(res.body, 'og:description')).toMatch(
      new RegExp(`の試合 #${matchId}: チームAの勝利。チームA: .+ ／ チームB: `),
    );
    expect(meta(res.body, 'og:type')).toBe('article');
  });

  it('static pages have their own title and description; the ranking tab is a page of its own', async () => {
    const stats = (await t.request({ method: 'GET', url: '/stats' })).body;
    expect(title(stats)).toBe('統計 | rankmatch');
    expect(meta(stats, 'description')).toContain('ポケモンの使用率');
    const home = (await t.request({ method: 'GET', url: '/' })).body;
    expect(title(home)).toBe('rankmatch — ポケモンユナイト ランクマッチ');
    expect(home).toContain('<link rel="canonical" href="https://rankmatch.example/" />');
    const ranking = (await t.request({ method: 'GET', url: '/?tab=ranking' })).body;
    expect(title(ranking)).toBe('ランキング | rankmatch');
    expect(ranking).toContain('<link rel="canonical" href="https://rankmatch.example/?tab=ranking" />');
    for (const [url, expected] of [
      ['/shop', 'バッジショップ | rankmatch'],
      ['/about', 'このサイトについて | rankmatch'],
      ['/terms', '利用規約 | rankmatch'],
      ['/privacy', 'プライバシーポリシー | rankmatch'],
      ['/commercial', '特定商取引法に基づく表記 | rankmatch'],
    ]) {
      const res = await t.request({ method: 'GET', url: url as string });
      expect(res.statusCode, url).toBe(200);
      expect(title(res.body), url).toBe(expected);
    }
  });

  it('a player or match without a page, and an unknown address, are 404s that are not indexed', async () => {
    await t.ctx.db.execute(sql`update users set is_banned = true where id = 'dummy_05'`);
    // Titled as the app titles them (packages/shared/src/pages.ts).
    for (const [url, expected] of [
      ['/players/nobody', 'プレイヤーが見つかりません | rankmatch'],
      ['/players/dummy_05', 'プレイヤーが見つかりません | rankmatch'],
      ['/players/bad%20id', 'プレイヤーが見つかりません | rankmatch'],
      ['/matches/999999', '試合が見つからないか、まだ集計されていません | rankmatch'],
      ['/nowhere', 'ページが見つかりません | rankmatch'],
    ] as const) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(meta(res.body, 'robots'), url).toBe('noindex');
      expect(title(res.body), url).toBe(expected);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('the signed-in tools are served but not indexed', async () => {
    for (const url of ['/admin_control', '/match_test', '/auth/callback?code=x', '/?tab=mypage', '/?tab=match']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(meta(res.body, 'robots'), url).toBe('noindex');
    }
    // The top page's own tabs are named as the app names them.
    expect(title((await t.request({ method: 'GET', url: '/?tab=match' })).body)).toBe('マッチング | rankmatch');
    expect(title((await t.request({ method: 'GET', url: '/?tab=mypage' })).body)).toBe('マイページ | rankmatch');
    expect(title((await t.request({ method: 'GET', url: '/?tab=rules' })).body)).toBe(
      'rankmatch — ポケモンユナイト ランクマッチ',
    );
  });

  it("preloads the page's own chunk and stylesheet with the entry, not what the entry already loads", async () => {
    const html = (await t.request({ method: 'GET', url: '/stats' })).body;
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${STATS}" />`);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/role-icon-DUU-g-UX.js" />');
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${STATS_CSS}" />`);
    expect(html.match(new RegExp(SHARED, 'g'))).toBeNull();
    expect(html.match(new RegExp(VENDOR, 'g'))).toHaveLength(1);
    const about = (await t.request({ method: 'GET', url: '/about' })).body;
    expect(about).not.toContain(STATS);
  });

  it('embeds the active season as GET /api/seasons/active answers it (the first render has it), as data only', async () => {
    await t.ctx.db.execute(sql`update seasons set description = ${'</script><script>alert(1)</script>'}`);
    const html = (await t.request({ method: 'GET', url: '/about' })).body;
    const json = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(html).not.toContain('<script>alert(1)');
    const api = await t.request({ method: 'GET', url: '/api/seasons/active' });
    expect(JSON.parse(json as string)).toEqual({ 'seasons/active': api.json() });
    expect(api.json()).toMatchObject({ current_season: { description: '</script><script>alert(1)</script>' } });
  });

  it("preloads the page's first public data, as the app asks for it, with the code", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]*)" \/>/g)].map((m) =>
        (m[1] as string).replaceAll('&amp;', '&'),
      );
    const at = async (url: string, cookie?: string) =>
      preloads((await t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body);
    expect(await at(`/players/${player}`)).toEqual(['/api/site', `/api/players/${player}`]);
    expect(await at(`/matches/${matchId}`)).toEqual(['/api/site', `/api/matches/${matchId}/summary`]);
    expect(await at('/stats')).toEqual(['/api/site', '/api/public/seasons', '/api/public/stats?band=all']);
    expect(await at('/stats?season=s-test&band=ge1700')).toContain('/api/public/stats?band=ge1700&season=s-test');
    expect(await at('/stats?band=bogus')).toContain('/api/public/stats?band=all');
    expect(await at('/')).toEqual(['/api/site', '/api/public/system', '/api/public/master']);
    expect(await at('/?tab=ranking')).toContain('/api/public/ranking');
    // A signed-in player's app asks for its own master data and ranking: no preload it would not use.
    const signedIn = `${SIGNED_IN_COOKIE}=1`;
    expect(await at('/', signedIn)).toEqual(['/api/site', '/api/public/system']);
    expect(await at('/?tab=ranking', signedIn)).toEqual(['/api/site', '/api/public/system']);
    expect(await at('/stats', signedIn)).toEqual(await at('/stats'));
    expect(await at('/about')).toEqual(['/api/site']);
    expect(await at('/players/nobody')).toEqual(['/api/site']);
  });

  it('pages are revalidated with an ETag', async () => {
    const first = await t.request({ method: 'GET', url: '/stats' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.request({ method: 'GET', url: '/stats', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('robots.txt lets crawlers in (the API included, pages render from it), keeps the tools out, names the sitemap', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/admin_control$/m);
    expect(res.body).toMatch(/^Disallow: \/match_test$/m);
    expect(res.body).not.toMatch(/^Disallow: \/api/m);
    expect(res.body).not.toMatch(/^Disallow: \/$/m);
    expect(res.body).toMatch(/^Sitemap: https:\/\/rankmatch\.example\/sitemap\.xml$/m);
  });

  it('sitemap.xml lists the public pages, the players with a page and the settled matches', async () => {
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const site = 'https://rankmatch.example';
    for (const path of ['/', '/?tab=ranking', '/stats', '/shop', '/about', '/terms', '/privacy', '/commercial']) {
      expect(locs, path).toContain(`${site}${path.replace('&', '&amp;')}`);
    }
    expect(locs).toContain(`${site}/players/${player}`);
    expect(locs).toContain(`${site}/matches/${matchId}`);
    expect(locs).not.toContain(`${site}/players/dummy_05`);
    expect(locs).not.toContain(`${site}/admin_control`);
    expect(res.body).toMatch(
      new RegExp(`<loc>${site}/matches/${matchId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>`),
    );
  });

  it('sends the brotli copy the build wrote to clients that accept it, gzip to the others, immutable either way', async () => {
    const br = await t.request({
      method: 'GET',
      url: `/${ENTRY}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.equals(brotliCompressSync(ENTRY_JS))).toBe(true);
    const gz = await t.request({ method: 'GET', url: `/${ENTRY}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(ENTRY_JS))).toBe(true);
    const plain = await t.request({ method: 'GET', url: `/${ENTRY}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY_JS);
    // The copies are not addresses of their own.
    expect((await t.request({ method: 'GET', url: `/${ENTRY}.br` })).statusCode).toBe(404);
  });
});
