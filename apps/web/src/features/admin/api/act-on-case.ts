import { type CaseActionInput, caseDetailSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_CASES_KEY, adminCaseKey } from './get-cases.ts';
import { ADMIN_MATCHES_KEY } from './get-matches.ts';

/** POST /api/admin/cases/{id}/action → the closed case. The lists (and the matches a correction changed) reload. */
export const actOnCase = ({ caseId, input }: { caseId: number; input: CaseActionInput }) =>
  adminData(`/api/admin/cases/${caseId}/action`, { method: 'POST', body: input, schema: caseDetailSchema });

export function useActOnCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnCase,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminCaseKey(detail.case.case_id), detail);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_CASES_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ADMIN_MATCHES_KEY });
    },
  });
}
