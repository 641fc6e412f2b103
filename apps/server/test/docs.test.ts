import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS } from '../src/docs/api-docs.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The API documentation is generated from the shared schemas, and every route the server registers has an entry
// (a route added without one fails here, so CI fails).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('API documentation', () => {
  it('documents every registered route, and nothing that does not exist', () => {
    const registered = new Set(
      t.built.routes.filter((r) => r.method !== 'HEAD' && r.path !== '/*').map((r) => `${r.method} ${r.path}`),
    );
    const documented = new Set(API_DOCS.map((d) => `${d.method} ${d.path}`));
    expect([...registered].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((d) => !registered.has(d))).toEqual([]);
  });

  it('serves OpenAPI 3.1 built from the zod schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).length).toBeGreaterThan(60);
    const edit = spec.paths['/api/admin/users/{user_id}'].put;
    expect(edit.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(edit.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['rate', 'penalty_count', 'is_banned', 'owned_badges']),
    );
    const search = spec.paths['/api/admin/audit'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['actor', 'action', 'target', 'limit', 'before_id']),
    );
  });

  it('serves a browsable page without scripts (it runs under the CSP)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('POST /api/shop/checkout');
    expect(res.body).not.toContain('<script');
  });
});
