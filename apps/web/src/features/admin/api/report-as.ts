import { debugReportReplySchema, type ReportResult } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { adminMatchKey } from './get-match.ts';
import { MATCH_VIEW_KEY } from './view-match.ts';

export interface ReportAsInput {
  matchId: string;
  userId: string;
  result: ReportResult;
  /** The player blamed for an invalid match (required then), else ''. */
  violationReport: string;
}

/**
 * POST /api/debug/matches/{id}/report { user_id, result, violation_report } → { user_id, report, status,
 * report_count }: a report on behalf of a test account (the server picks a plausible character and moves).
 */
export const reportAs = (input: ReportAsInput) =>
  adminData(`/api/debug/matches/${encodeURIComponent(input.matchId)}/report`, {
    method: 'POST',
    body: { user_id: input.userId, result: input.result, violation_report: input.violationReport },
    schema: debugReportReplySchema,
  });

/** Reports; the match's detail and player views then show the new count and status. */
export function useReportAs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportAs,
    onSuccess: (_reply, input) => {
      void queryClient.invalidateQueries({ queryKey: adminMatchKey(input.matchId) });
      void queryClient.invalidateQueries({ queryKey: MATCH_VIEW_KEY });
    },
  });
}
