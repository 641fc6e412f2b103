import type { UserProfile } from '@rankmatch/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import { resetAuthError } from '../lib/auth/auth-error.ts';
import { readCachedProfile, writeProfileCache } from '../lib/auth/profile-cache.ts';
import { getSession, reloadSession, storeSession } from '../lib/auth/session.ts';
import { forgetPageReads } from '../lib/auth/user.ts';
import { buildToken, defaultHandlers } from './data.ts';
import { createFakeFetch, type Handlers } from './fake-fetch.ts';
import { FakeSocketServer } from './fake-websocket.ts';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
}

/** Signs a user in the way a real login leaves the browser: token and user in localStorage, profile cached. */
export function signInAs(profile: UserProfile, options: { cacheProfile?: boolean } = {}): string {
  const token = buildToken({ sub: profile.user_id });
  storeSession(token, profile);
  if (options.cacheProfile) writeProfileCache(profile);
  return token;
}

/**
 * Renders the whole app at a URL with a fake server and fake WebSockets (opened at once unless told otherwise);
 * returns the user-event instance, the fake fetch and the socket server.
 */
export function renderApp(
  url = '/',
  handlers: Handlers = {},
  options: { sockets?: FakeSocketServer; user?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  window.history.replaceState(null, '', url);
  reloadSession();
  resetAuthError();
  forgetPageReads();
  // A page load reads the profile from the server (the cache answers only later in the page): by default the server
  // has what signInAs cached. A test that wants the server to say something else gives its own handler.
  const signedIn = getSession()?.user.user_id;
  const known = signedIn ? readCachedProfile(signedIn) : null;
  const server = createFakeFetch({
    ...defaultHandlers(),
    ...(known && { 'GET /api/users/me': { body: known } }),
    ...handlers,
  });
  vi.stubGlobal('fetch', server.fetch);
  const sockets = options.sockets ?? new FakeSocketServer({ autoOpen: true });
  const queryClient = createTestQueryClient();
  const user = userEvent.setup(options.user);
  const view = render(
    <AppProvider queryClient={queryClient} createSocket={sockets.create}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>,
  );
  return { ...view, user, server, sockets, queryClient };
}
