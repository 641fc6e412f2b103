import { type CurrentMatch, type MatchReportPayload, reportReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { useEvidenceUploader } from '../../../lib/evidence.ts';
import { currentMatchKey } from './get-current-match.ts';

/** POST /api/matches/{id}/report → { ok, report_count, status }. Reporting again replaces the own report. */
export const reportMatch = ({ matchId, report }: { matchId: string; report: MatchReportPayload }) =>
  apiData(`/api/matches/${encodeURIComponent(matchId)}/report`, {
    method: 'POST',
    body: report,
    schema: reportReplySchema,
    authErrorScreen: 'unauthorized',
  });

/**
 * Sends a report; a screenshot that comes with it is uploaded first (POST /api/evidence) and named by its
 * evidence_id. One mutation for both, so the single-flight guard covers the pair.
 */
export function useReportMatch(userId: string) {
  const queryClient = useQueryClient();
  const upload = useEvidenceUploader();
  return useMutation({
    mutationFn: async ({
      matchId,
      report,
      evidence,
    }: {
      matchId: string;
      report: MatchReportPayload;
      evidence: File | null;
    }) => {
      const evidenceId = evidence ? await upload(matchId, evidence) : null;
      return reportMatch({ matchId, report: { ...report, evidence_id: evidenceId } });
    },
    onSuccess: (reply, { matchId }) => {
      queryClient.setQueryData<CurrentMatch | null>(currentMatchKey(userId), (match) =>
        match && match.match_id === matchId
          ? { ...match, has_reported: true, report_count: reply.report_count, status: reply.status }
          : match,
      );
    },
  });
}
