import type { QueryClient } from '@tanstack/react-query';
import { invalidateAchievements } from '../features/achievements/api/achievement-keys.ts';
import { ownedBadgesQueryOptions } from '../features/badges/api/get-owned-badges.ts';
import { ratingHistoryQueryOptions } from '../features/profile/api/get-rating-history.ts';
import { recordsQueryOptions } from '../features/profile/api/get-records.ts';
import { invalidateMatchTrust } from '../features/trust/api/match-trust.ts';
import { reportOutcomesKey } from '../features/trust/api/report-outcomes.ts';
import { warningsKey } from '../features/trust/api/warnings.ts';
import { refreshMyProfile } from '../lib/auth/user.ts';

/**
 * Reloads what a settled match or a granted badge changes: the profile (rate, owned badges), the rating chart's
 * history, the owned badges the picker lists, the achievements and the past-season records (a season end grants its
 * rewards); and what an admin's action on a case changes: the disputes' outcomes shown, a warning or a penalty, what
 * came of the player's reports.
 */
export function refreshPlayerProgress(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    refreshMyProfile(queryClient, userId),
    queryClient.invalidateQueries({ queryKey: ratingHistoryQueryOptions(userId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ownedBadgesQueryOptions(userId).queryKey }),
    queryClient.invalidateQueries({ queryKey: recordsQueryOptions(userId).queryKey }),
    invalidateAchievements(queryClient, userId),
    invalidateMatchTrust(queryClient, userId),
    queryClient.invalidateQueries({ queryKey: warningsKey(userId) }),
    queryClient.invalidateQueries({ queryKey: reportOutcomesKey(userId) }),
  ]);
}
