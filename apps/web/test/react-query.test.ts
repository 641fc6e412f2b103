import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api-client.ts';
import { shouldRetry } from '../src/lib/react-query.ts';

describe('which failed reads are tried again', () => {
  it('tries a network failure and a server error again, twice', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new ApiError('x', 503, 'DB_UNAVAILABLE'))).toBe(true);
    expect(shouldRetry(2, new ApiError('x', 500, 'INTERNAL'))).toBe(false);
  });

  it('takes a 4xx and a switched-off feature (a disabled shop) as answers', () => {
    expect(shouldRetry(0, new ApiError('x', 404, 'USER_NOT_FOUND'))).toBe(false);
    // A disabled shop's page waited a second for a retry of its 503 (issue 36, item 25).
    expect(shouldRetry(0, new ApiError('x', 503, 'SHOP_DISABLED'))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 503, 'PUSH_DISABLED'))).toBe(false);
  });
});
