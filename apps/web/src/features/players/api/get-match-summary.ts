import { matchIdSchema, matchSummarySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** Whether a URL segment can name a match at all (digits, not 0); anything else is "not found" at once. */
export const isMatchId = (id: string | undefined): id is string => matchIdSchema.safeParse(id).success;

/** GET /api/matches/{id}/summary (public): a settled match with both teams' rates; 404 while open or unknown. */
export const getMatchSummary = (matchId: string) =>
  apiData(`/api/matches/${encodeURIComponent(matchId)}/summary`, { schema: matchSummarySchema, token: null });

// A settled match rarely changes (only an admin's correction): fresh for five minutes.
export const matchSummaryQueryOptions = (matchId: string) =>
  queryOptions({
    queryKey: ['match-summary', matchId],
    queryFn: () => getMatchSummary(matchId),
    staleTime: 5 * 60_000,
  });

/** The match page's query: an error of the route's prefetch (a 404) is shown, not asked again (see usePlayerPage). */
export const useMatchSummary = (matchId: string) =>
  useQuery({ ...matchSummaryQueryOptions(matchId), retryOnMount: false });
