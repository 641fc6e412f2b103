import { userProfileSchema } from '@rankmatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { resetAuthError } from '../../../lib/auth/auth-error.ts';
import { tokenSubject } from '../../../lib/auth/jwt.ts';
import { type SessionUser, storeSession } from '../../../lib/auth/session.ts';
import { completeSignIn } from '../../../lib/auth/sign-in.ts';
import { meQueryOptions } from '../../../lib/auth/user.ts';
import { discordCallback } from '../api/discord-callback.ts';
import { AUTH_TEXTS as T } from '../texts.ts';

// Sign-ins that arrive in the address (any path):
// - Discord's return: ?code=…&state=… or ?error=… → POST /api/auth/discord/callback, store the session, then replace
//   the address with return_to so no code stays in the history;
// - the developer test login: ?dummy_login=true&token=…&user=… (user: URL-encoded JSON of the user, or a user id) →
//   store the session, alert 'X としてログインしました', remove the query.

export type UrlLoginState = { status: 'idle' } | { status: 'pending' } | { status: 'error'; message: string };

const OAUTH_PARAMS = ['code', 'state', 'error', 'error_description'];
const DUMMY_PARAMS = ['dummy_login', 'token', 'user'];

function parseUserParam(raw: string | null, token: string): SessionUser | null {
  if (raw) {
    try {
      const value: unknown = JSON.parse(raw);
      if (value && typeof value === 'object' && typeof (value as SessionUser).user_id === 'string') {
        return value as SessionUser;
      }
      if (typeof value === 'string' && value) return { user_id: value };
    } catch {
      // not JSON: a plain user id
    }
    if (raw.trim()) return { user_id: raw.trim() };
  }
  const sub = tokenSubject(token);
  return sub ? { user_id: sub } : null;
}

function searchWithout(keys: string[]): string {
  const params = new URLSearchParams(window.location.search);
  for (const key of keys) params.delete(key);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function useUrlLogin(): { state: UrlLoginState; dismiss: () => void } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<UrlLoginState>({ status: 'idle' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const cleanUrl = (keys: string[]) =>
      navigate(
        { pathname: window.location.pathname, search: searchWithout(keys), hash: window.location.hash },
        { replace: true },
      );

    if (params.get('dummy_login') === 'true') {
      const token = params.get('token') ?? '';
      const user = parseUserParam(params.get('user'), token);
      cleanUrl(DUMMY_PARAMS);
      if (!token || !user || !storeSession(token, user)) {
        setState({ status: 'error', message: T.loginFailed(T.tokenExpired) });
        return;
      }
      resetAuthError();
      const full = userProfileSchema.safeParse(user);
      setState({ status: 'pending' });
      const profile = full.success
        ? Promise.resolve(full.data)
        : queryClient
            .fetchQuery(meQueryOptions(user.user_id))
            .then((me) => (me.kind === 'ready' ? me.profile : null))
            .catch(() => null);
      void profile.then((p) => {
        if (p) completeSignIn(queryClient, token, p);
        setState({ status: 'idle' });
        const name = p?.trainer_name || user.trainer_name || user.user_id;
        window.alert(T.loggedInAs(name));
      });
      return;
    }

    if (params.has('code') || params.has('error')) {
      const input = {
        code: params.get('code') ?? undefined,
        state: params.get('state') ?? undefined,
        error: params.get('error') ?? undefined,
      };
      setState({ status: 'pending' });
      discordCallback(input)
        .then((reply) => {
          if (!completeSignIn(queryClient, reply.access_token, reply.user)) throw new Error(T.tokenExpired);
          setState({ status: 'idle' });
          navigate(reply.return_to || `${window.location.pathname}${searchWithout(OAUTH_PARAMS)}`, { replace: true });
        })
        .catch((err: unknown) => {
          cleanUrl(OAUTH_PARAMS);
          setState({ status: 'error', message: err instanceof Error ? err.message : T.loginFailedPlain });
        });
    }
  }, [navigate, queryClient]);

  return { state, dismiss: () => setState({ status: 'idle' }) };
}
