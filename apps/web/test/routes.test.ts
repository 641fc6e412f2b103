import { APP_ONLY_PATHS, PUBLIC_PAGES } from '@rankmatch/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadRoute, ROUTES, routeAt } from '../src/app/routes.ts';
import { createFakeFetch } from '../src/testing/fake-fetch.ts';
import { buildPlayerPage } from '../src/testing/players-data.ts';
import { createTestQueryClient } from '../src/testing/render-app.tsx';

// The route table (issue 25): every page is a chunk of its own whose name the server knows (it preloads the chunk with
// the entry), and going to a page starts its code and its first data together, so neither waits for the other.

// Page code a test started loading and did not wait for: waited for after the test, so no import runs on after the
// file's environment is gone.
const started: Promise<unknown>[] = [];
afterEach(async () => {
  await Promise.allSettled(started.splice(0));
  vi.unstubAllGlobals();
});

describe('the route table', () => {
  it('has exactly the public pages and the app-only addresses the server knows', () => {
    const known = [...Object.values(PUBLIC_PAGES).map((page) => page.path), ...APP_ONLY_PATHS];
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...known].sort());
  });

  it("names each public page's chunk after the file it loads (the server preloads it by that name)", () => {
    for (const page of Object.values(PUBLIC_PAGES)) {
      const route = ROUTES.find((r) => r.path === page.path);
      expect(route?.chunk, page.path).toBe(page.chunk);
      expect(route?.load.toString(), page.path).toContain(`/${page.chunk}.tsx`);
    }
  });

  it('finds the page of an address with its parameters, and the 404 page for the others', () => {
    expect(routeAt('/players/dummy_01')).toMatchObject({
      route: { path: '/players/:userId' },
      params: { userId: 'dummy_01' },
    });
    expect(routeAt('/matches/42').params).toEqual({ id: '42' });
    expect(routeAt('/no/such/page').route.path).toBe('*');
  });

  it("asks for a page's data before its code has loaded", async () => {
    let dataAsked = false;
    const server = createFakeFetch({
      'GET /api/players/dummy_01': () => {
        dataAsked = true;
        return { body: buildPlayerPage() };
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    const client = createTestQueryClient();
    const { code, data } = preloadRoute(client, '/players/dummy_01', '');
    // Requested synchronously, with the code still on its way; the shell's data with it (nothing lands mid-render).
    expect(server.callsTo('GET /api/players/dummy_01')).toHaveLength(1);
    expect(server.callsTo('GET /api/site')).toHaveLength(1);
    await code;
    await data;
    expect(client.getQueryData(['players', 'dummy_01'])).toBeDefined();
    expect(dataAsked).toBe(true);
  });

  it("asks for the statistics of the address's season and band, and the seasons", () => {
    const server = createFakeFetch();
    vi.stubGlobal('fetch', server.fetch);
    started.push(preloadRoute(createTestQueryClient(), '/stats', '?season=s2&band=ge1700').code);
    expect(server.calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/public/seasons', '/api/public/stats?band=ge1700&season=s2']),
    );
  });

  it('asks for the ranking on the ranking tab, and for the rules and system data on the top page', () => {
    const server = createFakeFetch();
    vi.stubGlobal('fetch', server.fetch);
    started.push(preloadRoute(createTestQueryClient(), '/', '?tab=ranking').code);
    expect(server.calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/public/system', '/api/public/master', '/api/public/ranking']),
    );
  });
});
