import {
  PROFILE_CACHE_DYNAMIC_MS,
  PROFILE_CACHE_STATIC_MS,
  PROFILE_DYNAMIC_FIELDS,
  PROFILE_STATIC_FIELDS,
  type UserProfile,
  userProfileSchema,
} from '@rankmatch/shared';

// The profile cache (spec §4 "Profile cache"): the static part lives 24 h and the dynamic part 5 minutes in
// localStorage. When both parts are fresh the profile is used without a server call.

export const PROFILE_STATIC_KEY = 'rankmatch.profile.static';
export const PROFILE_DYNAMIC_KEY = 'rankmatch.profile.dynamic';

interface CacheEntry {
  user_id: string;
  saved_at: number;
  data: Record<string, unknown>;
}

function pick(profile: UserProfile, fields: readonly string[]): Record<string, unknown> {
  const source = profile as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, source[field]]));
}

function readEntry(key: string, userId: string, maxAgeMs: number, nowMs: number): CacheEntry | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as CacheEntry;
    if (entry.user_id !== userId || typeof entry.saved_at !== 'number' || typeof entry.data !== 'object') return null;
    return nowMs - entry.saved_at < maxAgeMs ? entry : null;
  } catch {
    return null;
  }
}

/** The cached profile of this user when both parts are fresh, else null. */
export function readCachedProfile(userId: string, nowMs: number = Date.now()): UserProfile | null {
  const staticPart = readEntry(PROFILE_STATIC_KEY, userId, PROFILE_CACHE_STATIC_MS, nowMs);
  const dynamicPart = readEntry(PROFILE_DYNAMIC_KEY, userId, PROFILE_CACHE_DYNAMIC_MS, nowMs);
  if (!staticPart || !dynamicPart) return null;
  const parsed = userProfileSchema.safeParse({ ...staticPart.data, ...dynamicPart.data });
  return parsed.success ? parsed.data : null;
}

export function writeProfileCache(profile: UserProfile, nowMs: number = Date.now()): void {
  const entry = (fields: readonly string[]): CacheEntry => ({
    user_id: profile.user_id,
    saved_at: nowMs,
    data: pick(profile, fields),
  });
  localStorage.setItem(PROFILE_STATIC_KEY, JSON.stringify(entry(PROFILE_STATIC_FIELDS)));
  localStorage.setItem(PROFILE_DYNAMIC_KEY, JSON.stringify(entry(PROFILE_DYNAMIC_FIELDS)));
}

export function clearProfileCache(): void {
  localStorage.removeItem(PROFILE_STATIC_KEY);
  localStorage.removeItem(PROFILE_DYNAMIC_KEY);
}
