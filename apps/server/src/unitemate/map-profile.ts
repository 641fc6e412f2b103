import {
  BIO_MAX,
  bioSchema,
  FAVORITE_POKEMON_MAX,
  getCharacter,
  INITIAL_RATE,
  isPlayableCharacterId,
  ROLES,
  type Role,
  TRAINER_NAME_MAX,
  trainerNameSchema,
  twitterIdSchema,
  userIdSchema,
} from '@rankmatch/shared';
import { defaultTrainerName } from '../accounts/service.ts';
import type { SourceRef } from './issues.ts';
import type { BadgeResolver } from './map-badges.ts';
import type { MapContext, UserInsert } from './map-context.ts';
import type { MatchPlayerRow, UserRow } from './rows.ts';

// A Unitemate user (or, when the users table lacks them, a match's snapshot of them) → rankmatch's users row. Each
// profile field is checked by the site's own rules; a value they reject is dropped (or cut) with a warning, never
// the player. The Discord id stays the user id, so the player's first Discord sign-in lands on this account.

// Their roster keys (frontend/src/data/pokemon/pokemon.json) where ours differ: the rest agree once upper-cased.
const CHARACTER_ALIASES: Record<string, string> = {
  NINETALES: 'ALOLAN_NINETALES',
  RAPIDASH: 'GALARIAN_RAPIDASH',
  MAWHIP: 'ALCREMIE',
};

/** A character id as rankmatch stores it (upper case, "HO-OH" → "HO_OH"), or null when the roster lacks it. */
export function characterId(id: string | null | undefined): string | null {
  if (!id) return null;
  const key = id.trim().toUpperCase().replace(/-/g, '_');
  const candidate = CHARACTER_ALIASES[key] ?? key;
  return isPlayableCharacterId(candidate) ? (getCharacter(candidate)?.pokemon_id ?? null) : null;
}

/** Their role names → ours: matches use TOP/MID/BOTTOM, profiles TOP_LANE/MIDDLE/BOTTOM_LANE; SUPPORT and TANK agree. */
export function roleOf(name: string | null | undefined): Role | null {
  const upper = (name ?? '').trim().toUpperCase();
  const alias: Record<string, Role> = { TOP: 'TOP_LANE', MID: 'MIDDLE', BOTTOM: 'BOTTOM_LANE' };
  return alias[upper] ?? ((ROLES as readonly string[]).includes(upper) ? (upper as Role) : null);
}

export function isValidUserId(id: string): boolean {
  return userIdSchema.safeParse(id).success;
}

export function isDummyUser(row: Pick<UserRow, 'user_id' | 'is_dummy' | 'auth0_sub'>): boolean {
  return row.is_dummy === true || row.user_id.startsWith('dummy_') || (row.auth0_sub ?? '').startsWith('dummy|');
}

type Warn = (message: string) => void;

function trainerName(row: Pick<UserRow, 'trainer_name' | 'app_username' | 'discord_username'>, warn: Warn): string {
  const given = (row.trainer_name || row.app_username || '').trim();
  const parsed = trainerNameSchema.safeParse([...given].slice(0, TRAINER_NAME_MAX).join(''));
  if (parsed.success) {
    if ([...given].length > TRAINER_NAME_MAX) warn(`トレーナー名を${TRAINER_NAME_MAX}文字に切りました`);
    return parsed.data;
  }
  const fallback = defaultTrainerName(null, row.discord_username);
  if (given !== '') warn(`トレーナー名が使えない文字を含むため「${fallback}」にしました`);
  return fallback;
}

function twitterId(value: string | null | undefined, warn: Warn): string {
  const parsed = twitterIdSchema.safeParse(value ?? '');
  if (parsed.success) return parsed.data;
  warn('X の ID が形式に合わないため空にしました');
  return '';
}

function bio(value: string | null | undefined, warn: Warn): string {
  const text = value ?? '';
  if (bioSchema.safeParse(text).success) return text;
  const cut = [...text].slice(0, BIO_MAX).join('');
  if (bioSchema.safeParse(cut).success) {
    warn(`一言を${BIO_MAX}文字に切りました`);
    return cut;
  }
  warn('一言が使えない文字を含むため空にしました');
  return '';
}

function favourites(list: readonly string[] | null | undefined, warn: Warn): string[] {
  const ids: string[] = [];
  for (const raw of list ?? []) {
    const id = characterId(raw);
    if (id === null) warn(`得意ポケモン ${raw} は rankmatch のロスターにないため外しました`);
    else if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > FAVORITE_POKEMON_MAX) warn(`得意ポケモンを${FAVORITE_POKEMON_MAX}体までにしました`);
  return ids.slice(0, FAVORITE_POKEMON_MAX);
}

/** Equipped badges: resolved; the second is cleared when it repeats the first (the site refuses the same twice). */
function equipped(resolver: BadgeResolver, row: Pick<UserRow, 'current_badge' | 'current_badge_2'>, at: SourceRef) {
  const first = resolver.resolve(row.current_badge, at) ?? null;
  const second = resolver.resolve(row.current_badge_2, at) ?? null;
  return { currentBadge: first, currentBadge2: second === first ? null : second };
}

export function mapProfile(ctx: MapContext, resolver: BadgeResolver, row: UserRow, at: SourceRef): UserInsert {
  const warn: Warn = (message) => ctx.warn('users', row.user_id, at, message);
  const dummy = isDummyUser(row);
  const createdAt = row.created_at ?? ctx.options.now;
  return {
    id: row.user_id,
    authSub: `${dummy ? 'dummy' : 'discord'}|${row.user_id}`,
    isDummy: dummy,
    discordUsername: row.discord_username ?? '',
    discordAvatarUrl: row.discord_avatar_url ?? '',
    trainerName: trainerName(row, warn),
    twitterId: twitterId(row.twitter_id, warn),
    bio: bio(row.bio, warn),
    favoritePokemon: favourites(row.favorite_pokemon, warn),
    ...equipped(resolver, row, at),
    isAdmin: row.is_admin,
    isBanned: row.is_banned,
    startRate: INITIAL_RATE,
    // rankmatch keeps a preferred role for test accounts only; real players choose roles when they queue.
    preferredRole: dummy ? ((row.preferred_roles ?? []).map(roleOf).find((r) => r !== null) ?? null) : null,
    penaltyCount: Math.max(0, row.penalty_count),
    penaltyCorrection: Math.max(0, row.penalty_correction),
    penaltyTimeoutUntil: row.penalty_timeout_until ?? null,
    lastPenaltyAt: row.last_penalty_time ?? null,
    // Theirs: one correction per 50 matches of the season; ours counts toward the next one.
    matchesSincePenalty: row.match_count % 50,
    createdAt,
    updatedAt: row.updated_at ?? createdAt,
    // The model site has no deletion; a rerun keeps ours (upsertImportedUsers).
    deletionRequestedAt: null,
    deletedAt: null,
  };
}

/** A user the users table lacks, rebuilt from a match's snapshot of them (names, X id, bio, badges, favourites). */
export function snapshotUser(player: MatchPlayerRow, matchedAt: number): UserRow {
  return {
    namespace: 'default',
    user_id: player.user_id,
    discord_username: player.discord_username,
    discord_avatar_url: player.discord_avatar_url,
    trainer_name: player.trainer_name,
    twitter_id: player.twitter_id,
    bio: player.bio,
    favorite_pokemon: player.favorite_pokemon,
    preferred_roles: player.preferred_roles,
    current_badge: player.current_badge,
    current_badge_2: player.current_badge_2,
    owned_badges: [player.current_badge, player.current_badge_2].filter((b): b is string => !!b),
    rate: player.rate,
    max_rate: player.best_rate,
    match_count: 0,
    win_count: 0,
    penalty_count: 0,
    penalty_correction: 0,
    is_admin: false,
    is_banned: false,
    created_at: matchedAt,
    updated_at: matchedAt,
  };
}
