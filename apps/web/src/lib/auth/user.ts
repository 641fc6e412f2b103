import { type UserProfile, userProfileSchema } from '@rankmatch/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client.ts';
import { clearProfileCache, readCachedProfile, writeProfileCache } from './profile-cache.ts';
import { useSession } from './session.ts';

// The signed-in user's own record (spec §4 "User record"): GET /api/users/me, created with POST /api/users on 404;
// a Discord name starting with User_ is refreshed with PUT /api/users/me/discord. Within a page the profile cache
// answers first; a page load reads the server (see readThisPage).

export type MeState = { kind: 'ready'; profile: UserProfile } | { kind: 'unregistered'; error: string };

/** Every query about the signed-in user starts with this key, so logout can drop them all at once. */
export const ME_KEY = 'me';
export const meQueryKey = (userId: string) => [ME_KEY, userId, 'profile'] as const;

const PLACEHOLDER_DISCORD_PREFIX = 'User_';

/**
 * The users whose profile this page has read from the server (or been handed by it) since the page loaded. The first
 * read of each page load asks the server even when the cache is fresh: a change made while none of the player's pages
 * was listening (an admin's correction while the browser was closed) would otherwise hide behind the cached copy for
 * up to 5 minutes. After that the cache answers, until a push (profileChanged), a reconnect or the player's own change
 * replaces it.
 */
const readThisPage = new Set<string>();

/** A new page load, as far as the profile cache is concerned (tests render the app many times in one page). */
export function forgetPageReads(): void {
  readThisPage.clear();
}

export async function createUserRecord(): Promise<MeState> {
  const created = await apiRequest('/api/users', { method: 'POST', body: {}, schema: userProfileSchema });
  if (created.error !== null) return { kind: 'unregistered', error: created.error };
  writeProfileCache(created.data);
  readThisPage.add(created.data.user_id);
  return { kind: 'ready', profile: created.data };
}

export async function getMe(userId: string, options: { force?: boolean } = {}): Promise<MeState> {
  if (!options.force && readThisPage.has(userId)) {
    const cached = readCachedProfile(userId);
    if (cached) return { kind: 'ready', profile: cached };
  }
  const path = options.force ? `/api/users/me?_t=${Date.now()}` : '/api/users/me';
  const result = await apiRequest(path, { schema: userProfileSchema });
  let profile: UserProfile;
  if (result.error !== null) {
    // 404 from the route means "no record yet" (a missing route says ROUTE_NOT_FOUND instead).
    if (result.status !== 404 || result.code === 'ROUTE_NOT_FOUND') {
      throw new ApiError(result.error, result.status, result.code);
    }
    const created = await createUserRecord();
    if (created.kind !== 'ready') return created;
    profile = created.profile;
  } else {
    profile = result.data;
  }
  if (profile.discord_username.startsWith(PLACEHOLDER_DISCORD_PREFIX)) {
    const refreshed = await apiRequest('/api/users/me/discord', {
      method: 'PUT',
      body: {},
      schema: userProfileSchema,
      authErrorScreen: false,
    });
    if (refreshed.error === null) profile = refreshed.data;
  }
  writeProfileCache(profile);
  readThisPage.add(profile.user_id);
  return { kind: 'ready', profile };
}

export const meQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: meQueryKey(userId),
    queryFn: () => getMe(userId),
    // The profile cache decides when the server is asked; re-running the query function is cheap.
    staleTime: 0,
  });

/** The signed-in user's record; disabled while signed out. */
export function useMe() {
  const session = useSession();
  const userId = session?.user.user_id ?? '';
  return useQuery({ ...meQueryOptions(userId), enabled: session !== null });
}

/** The profile, when signed in and loaded. */
export function useMyProfile(): UserProfile | undefined {
  const me = useMe();
  return me.data?.kind === 'ready' ? me.data.profile : undefined;
}

/** Puts a new version of the own profile in the query cache and the profile cache (after the user's own changes). */
export function setMyProfile(queryClient: QueryClient, profile: UserProfile): void {
  writeProfileCache(profile);
  readThisPage.add(profile.user_id);
  const state: MeState = { kind: 'ready', profile };
  queryClient.setQueryData(meQueryKey(profile.user_id), state);
}

/** Shows a change at once without touching the profile cache (optimistic updates). */
export function patchMyProfileInView(queryClient: QueryClient, userId: string, patch: Partial<UserProfile>): void {
  queryClient.setQueryData<MeState>(meQueryKey(userId), (old) =>
    old?.kind === 'ready' ? { kind: 'ready', profile: { ...old.profile, ...patch } } : old,
  );
}

/** Drops the cached profile and asks the server again. */
export async function refreshMyProfile(queryClient: QueryClient, userId: string): Promise<void> {
  clearProfileCache();
  await queryClient.invalidateQueries({ queryKey: meQueryKey(userId) });
}
