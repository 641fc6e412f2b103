import { type CurrentMatch, type MatchReportPayload, reportReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { currentMatchKey } from './get-current-match.ts';

/** POST /api/matches/{id}/report → { ok, report_count, status }. Reporting again replaces the own report. */
export const reportMatch = ({ matchId, report }: { matchId: string; report: MatchReportPayload }) =>
  apiData(`/api/matches/${encodeURIComponent(matchId)}/report`, {
    method: 'POST',
    body: report,
    schema: reportReplySchema,
    authErrorScreen: 'unauthorized',
  });

export function useReportMatch(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMatch,
    onSuccess: (reply, { matchId }) => {
      queryClient.setQueryData<CurrentMatch | null>(currentMatchKey(userId), (match) =>
        match && match.match_id === matchId
          ? { ...match, has_reported: true, report_count: reply.report_count, status: reply.status }
          : match,
      );
    },
  });
}
