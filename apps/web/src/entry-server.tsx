import { AsyncLocalStorage } from 'node:async_hooks';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app.tsx';
import { seedBootData } from './app/boot-data.ts';
import { preloadRoute } from './app/routes.ts';
import { themeVariables } from './features/season/theme.ts';
import { activeSeasonQueryOptions } from './lib/active-season.ts';
import { setApiTransport } from './lib/api-client.ts';
import { createQueryClient } from './lib/react-query.ts';

// The server's render of a page (built by `vite build --ssr` into dist-server/, imported by apps/server's web-app.ts):
// the same app, routes and API client as in the browser, for a visitor without a session. The page's code and first
// data load as they do in the browser (preloadRoute), through the API the server hands over for this request, then
// the page renders to HTML once; the browser hydrates it with the same data (the queries go into index.html).

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The queries the page read, for the browser's query cache. */
  queries: DehydratedState;
  /** The season's theme colours as CSS custom properties for <html style>: the page paints in them at once. */
  rootStyle: string;
}

const requestApi = new AsyncLocalStorage<typeof fetch>();
setApiTransport((input, init) => {
  const api = requestApi.getStore();
  if (!api) return Promise.reject(new Error('no API for this render'));
  return api(input, init);
});

/**
 * Renders the page at `url` (path and query) with the replies `api` gives (GET requests with the app's own paths) and
 * the boot data index.html carries (the active season).
 */
export function renderPage(url: string, api: typeof fetch, boot: Record<string, unknown>): Promise<RenderedPage> {
  return requestApi.run(api, async () => {
    const client = createQueryClient();
    seedBootData(client, boot);
    const address = new URL(url, 'http://localhost');
    const page = preloadRoute(client, address.pathname, address.search);
    await Promise.all([page.code, page.data]);
    const html = renderToString(
      <StrictMode>
        <App queryClient={client} location={url} />
      </StrictMode>,
    );
    const queries = dehydrate(client);
    const season = client.getQueryData(activeSeasonQueryOptions().queryKey);
    const theme = themeVariables(season?.current_season?.theme_color);
    const rootStyle = Object.entries(theme)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    client.clear();
    return { html, queries, rootStyle };
  });
}
