import { type ErrorCode, FEATURE_OFF_CODES } from '@rankmatch/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * Client errors (4xx) are answers, not hiccups, and so is a feature switched off (a disabled shop's 503): only
 * network failures and other 5xx are retried (twice).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && FEATURE_OFF_CODES.includes(error.code as ErrorCode)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
