import { myReportOutcomesSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

export const reportOutcomesKey = (userId: string) => [ME_KEY, userId, 'report-outcomes'] as const;

/** GET /api/users/me/report-outcomes → what came of the player's reports and disputes (the last 30 days). */
export const getReportOutcomes = () => apiData('/api/users/me/report-outcomes', { schema: myReportOutcomesSchema });

/** Read with my page (and again when the window comes back): an admin's answer is rare and not urgent here. */
export const useReportOutcomes = (userId: string) =>
  useQuery(queryOptions({ queryKey: reportOutcomesKey(userId), queryFn: getReportOutcomes, staleTime: 60_000 }));
