import { type CaseStatus, caseDetailSchema, caseListSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

// The moderation queue (通報・異議): the open or closed cases, in the server's order (most severe, then newest).

export const ADMIN_CASES_KEY = [ADMIN_KEY, 'cases'] as const;
export const adminCasesKey = (status: CaseStatus) => [...ADMIN_CASES_KEY, 'list', status] as const;
export const adminCaseKey = (caseId: number) => [...ADMIN_CASES_KEY, 'detail', caseId] as const;

/** GET /api/admin/cases?status=open|closed → the cases, the open count and the median time to close. */
export const getAdminCases = (status: CaseStatus) =>
  adminData(`/api/admin/cases?status=${status}`, { schema: caseListSchema });

export const useAdminCases = (status: CaseStatus) =>
  useQuery(queryOptions({ queryKey: adminCasesKey(status), queryFn: () => getAdminCases(status), staleTime: 0 }));

/** GET /api/admin/cases/{id} → the case with its match's reports and disputes, and each player's record. */
export const getAdminCase = (caseId: number) => adminData(`/api/admin/cases/${caseId}`, { schema: caseDetailSchema });

export const useAdminCase = (caseId: number) =>
  useQuery({ queryKey: adminCaseKey(caseId), queryFn: () => getAdminCase(caseId), staleTime: 0 });
