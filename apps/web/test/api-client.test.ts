import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../src/lib/api-client.ts';
import { hasAuthError } from '../src/lib/auth/auth-error.ts';
import { logout } from '../src/lib/auth/logout.ts';
import { clearSession, getSession, storeSession } from '../src/lib/auth/session.ts';
import { buildToken } from '../src/testing/data.ts';
import { createFakeFetch, json } from '../src/testing/fake-fetch.ts';

const stub = (impl: typeof fetch) => vi.stubGlobal('fetch', impl);

describe('apiRequest', () => {
  it('returns data, error null and the status', async () => {
    stub(createFakeFetch({ 'GET /api/x': { body: { a: 1 } } }).fetch);
    expect(await apiRequest('/api/x')).toEqual({ data: { a: 1 }, error: null, status: 200, code: null });
  });

  it("takes the error from the reply's error field", async () => {
    stub(
      createFakeFetch({
        'GET /api/x': { status: 400, body: { error: '入力内容が正しくありません', code: 'VALIDATION_ERROR' } },
      }).fetch,
    );
    expect(await apiRequest('/api/x')).toEqual({
      data: null,
      error: '入力内容が正しくありません',
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });

  it("says 'Unknown error' when the reply has no error field", async () => {
    stub(async () => new Response('oops', { status: 502 }));
    expect(await apiRequest('/api/x')).toMatchObject({ data: null, error: 'Unknown error', status: 502 });
  });

  it('gives the exception message with status 0 on a network failure', async () => {
    stub(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await apiRequest('/api/x')).toMatchObject({ data: null, error: 'Failed to fetch', status: 0 });
  });

  it("says 'Network error' when the exception has no message", async () => {
    stub(async () => {
      throw new Error('');
    });
    expect(await apiRequest('/api/x')).toMatchObject({ error: 'Network error', status: 0 });
  });

  it('sends the bearer token and forgets the session on 401', async () => {
    const token = buildToken();
    storeSession(token, { user_id: 'dummy_02' });
    const server = createFakeFetch({ 'GET /api/x': { status: 401, body: { error: '認証の有効期限が切れました。' } } });
    stub(server.fetch);
    const result = await apiRequest('/api/x');
    expect(server.calls[0]?.authorization).toBe(`Bearer ${token}`);
    expect(result.status).toBe(401);
    expect(getSession()).toBeNull();
    expect(hasAuthError()).toBe(true);
  });

  it('shows no 認証エラー for a 401 of a call that left before the player signed out (or signed in again)', async () => {
    const old = buildToken();
    storeSession(old, { user_id: 'dummy_02' });
    let answer: (r: Response) => void = () => {};
    stub(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = apiRequest('/api/notifications/me');
    clearSession(); // logout while the call is on its way
    answer(json({ error: '認証の有効期限が切れました。', code: 'UNAUTHORIZED' }, 401));
    expect(await pending).toMatchObject({ status: 401 });
    expect(hasAuthError()).toBe(false);
    // Signed in again meanwhile: the new session stays.
    storeSession(old, { user_id: 'dummy_02' });
    const again = apiRequest('/api/notifications/me');
    const fresh = buildToken({ sub: 'dummy_03' });
    storeSession(fresh, { user_id: 'dummy_03' });
    answer(json({ error: '認証の有効期限が切れました。', code: 'UNAUTHORIZED' }, 401));
    await again;
    expect(getSession()?.token).toBe(fresh);
    expect(hasAuthError()).toBe(false);
  });

  it('logout forgets the session before the server ends it, and still sends its token', async () => {
    const token = buildToken();
    storeSession(token, { user_id: 'dummy_02' });
    let sessionDuringPost: unknown = 'not called';
    const server = createFakeFetch({
      'POST /api/auth/logout': () => {
        sessionDuringPost = getSession();
        return { body: { ok: true } };
      },
    });
    stub(server.fetch);
    await logout();
    expect(sessionDuringPost).toBeNull();
    expect(server.calls[0]?.authorization).toBe(`Bearer ${token}`);
    expect(hasAuthError()).toBe(false);
  });

  it("with authErrorScreen 'unauthorized', a 403 is a business answer; a 401 still ends the session", async () => {
    storeSession(buildToken(), { user_id: 'dummy_02' });
    stub(
      createFakeFetch({
        'POST /api/x': {
          status: 403,
          body: { error: 'ペナルティによる参加制限中です', code: 'QUEUE_PENALTY_TIMEOUT' },
        },
        'POST /api/y': { status: 401, body: { error: '認証の有効期限が切れました。', code: 'UNAUTHORIZED' } },
      }).fetch,
    );
    const forbidden = await apiRequest('/api/x', { method: 'POST', authErrorScreen: 'unauthorized' });
    expect(forbidden).toMatchObject({ status: 403, code: 'QUEUE_PENALTY_TIMEOUT' });
    expect(getSession()).not.toBeNull();
    expect(hasAuthError()).toBe(false);
    await apiRequest('/api/y', { method: 'POST', authErrorScreen: 'unauthorized' });
    expect(getSession()).toBeNull();
    expect(hasAuthError()).toBe(true);
  });

  it('does not send an expired token and forgets it', async () => {
    storeSession(buildToken({ exp: Math.floor(Date.now() / 1000) + 1 }), { user_id: 'dummy_02' });
    vi.useFakeTimers({ now: Date.now() + 5000 });
    const server = createFakeFetch({ 'GET /api/x': json({ ok: true }) });
    stub(server.fetch);
    await apiRequest('/api/x');
    expect(server.calls[0]?.authorization).toBeNull();
    expect(getSession()).toBeNull();
    expect(hasAuthError()).toBe(true);
  });

  it('turns a reply that does not match its schema into an error', async () => {
    const { z } = await import('@rankmatch/shared');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub(createFakeFetch({ 'GET /api/x': { body: { a: 'text' } } }).fetch);
    const result = await apiRequest('/api/x', { schema: z.object({ a: z.number() }) });
    expect(result).toMatchObject({ data: null, status: 200, code: 'INVALID_REPLY' });
    expect(warn).toHaveBeenCalledOnce();
  });
});
