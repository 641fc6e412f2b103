import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('dummy_12');
});
afterAll(() => t.close());

const putRaw = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.request({ method: 'PUT', url: '/api/users/me/profile', token, payload: body, headers });

describe('HTTP boundary', () => {
  it('answers malformed JSON with 400 INVALID_JSON and changes nothing', async () => {
    const res = await putRaw('{"trainer_name": "x"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'リクエストの JSON を読み取れません。形式を確認してください',
      code: 'INVALID_JSON',
    });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await putRaw('');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('EMPTY_BODY');
  });

  it('answers a body over 64 KB with 413', async () => {
    const res = await putRaw(JSON.stringify({ trainer_name: 'A', bio: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'リクエストが大きすぎます（上限 64KB）', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await putRaw('trainer_name=A', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers JSON of the wrong shape (an array, a string) with 400 and a Japanese message', async () => {
    for (const body of ['[]', '"text"', 'null']) {
      const res = await putRaw(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: '指定された API は存在しません', code: 'ROUTE_NOT_FOUND' });
  });

  it('reports database health', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', kind: expect.any(String) } });
  });

  it('limits request rates per client with a Japanese 429', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' }, reset: false, seed: false });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await limited.request({ method: 'GET', url: '/api/health' })).statusCode);
    const last = await limited.request({ method: 'GET', url: '/api/health' });
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringContaining('リクエストが多すぎます'),
    });
    await limited.close();
  });
});
