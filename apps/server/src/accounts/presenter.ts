import { effectivePenalty as engineEffectivePenalty } from '@rankmatch/engine';
import { INITIAL_RATE, type PublicUser, type Suspension, type UserProfile } from '@rankmatch/shared';
import type { SeasonStatsRow, UserRow } from './queries.ts';

// A user row as replies show it: the own profile and the public user, and the pieces that other replies showing
// players reuse (season numbers, win rate, effective penalty: the ranking, the player page, the admin's user tab). Those
// replies are built by their own modules; this is not the only place a user becomes JSON.

/** The engine's effective penalty of a user row. */
export const effectivePenalty = (u: Pick<UserRow, 'penaltyCount' | 'penaltyCorrection'>) =>
  engineEffectivePenalty({ penalty_count: u.penaltyCount, penalty_correction: u.penaltyCorrection });

/** Win rate in percent with one decimal (0 with no matches). */
export const winRate = (wins: number, matches: number) => (matches > 0 ? Math.round((wins / matches) * 1000) / 10 : 0);

/** The season numbers of a user: the active season's row, or a fresh start when there is none yet. */
export function seasonNumbers(user: UserRow, stats: SeasonStatsRow | undefined) {
  const rate = stats?.rate ?? user.startRate ?? INITIAL_RATE;
  const matchCount = stats?.matchCount ?? 0;
  const winCount = stats?.winCount ?? 0;
  return {
    rate,
    max_rate: stats?.maxRate ?? rate,
    match_count: matchCount,
    win_count: winCount,
    win_rate: winRate(winCount, matchCount),
  };
}

export function presentProfile(input: {
  user: UserRow;
  ownedBadges: string[];
  stats: SeasonStatsRow | undefined;
  season: { id: string; name: string } | undefined;
  latestMatches: UserProfile['latest_matches'];
  suspension: Suspension | null;
}): UserProfile {
  const { user } = input;
  return {
    user_id: user.id,
    auth0_sub: user.authSub,
    discord_username: user.discordUsername,
    discord_avatar_url: user.discordAvatarUrl,
    trainer_name: user.trainerName,
    twitter_id: user.twitterId,
    favorite_pokemon: user.favoritePokemon,
    current_badge: user.currentBadge,
    current_badge_2: user.currentBadge2,
    owned_badges: input.ownedBadges,
    bio: user.bio,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    is_admin: user.isAdmin,
    is_dummy: user.isDummy,
    ...seasonNumbers(user, input.stats),
    penalty_count: user.penaltyCount,
    penalty_correction: user.penaltyCorrection,
    effective_penalty: effectivePenalty(user),
    penalty_timeout_until: user.penaltyTimeoutUntil,
    season_data: input.season ? { season_id: input.season.id, season_name: input.season.name } : null,
    latest_matches: input.latestMatches,
    suspension: input.suspension,
  };
}

export function presentPublicUser(user: UserRow, stats: SeasonStatsRow | undefined): PublicUser {
  return {
    user_id: user.id,
    discord_username: user.discordUsername,
    discord_avatar_url: user.discordAvatarUrl,
    trainer_name: user.trainerName,
    twitter_id: user.twitterId,
    favorite_pokemon: user.favoritePokemon,
    current_badge: user.currentBadge,
    current_badge_2: user.currentBadge2,
    bio: user.bio,
    created_at: user.createdAt,
    ...seasonNumbers(user, stats),
  };
}
