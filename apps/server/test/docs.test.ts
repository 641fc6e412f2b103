import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, RouteRegistry } from '../src/http/contract.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The API document is built from the routes' own contracts (src/docs/contract.ts): every registered route is in it by
// construction (a route registered without a contract throws at start), it lints clean under Redocly's recommended
// rules, and every reply of the server suites is checked against it (API_CONTRACT_CHECK, test/helpers/app.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function openApi() {
  const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('API documentation', () => {
  it('documents every registered route, and nothing that does not exist', async () => {
    const spec = await openApi();
    const registered = new Set(
      t.built.routes.filter((r) => r.method !== 'HEAD' && r.path !== '/*').map((r) => `${r.method} ${r.path}`),
    );
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(operations)) {
        documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    expect([...registered].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((d) => !registered.has(d))).toEqual([]);
  });

  it("lints clean under Redocly's recommended rules (0 errors, 0 warnings)", async () => {
    const spec = await openApi();
    const config = await createConfig({ extends: ['recommended'] });
    const document = makeDocumentFromString(JSON.stringify(spec), '/openapi.json');
    const problems = await lintDocument({ document, config, externalRefResolver: new BaseResolver() });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual(
      [],
    );
  });

  it('serves OpenAPI 3.1 built from the zod schemas', async () => {
    const spec = await openApi();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).length).toBeGreaterThan(60);
    const edit = spec.paths['/api/admin/users/{user_id}'].put;
    expect(edit.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(edit.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['rate', 'penalty_count', 'is_banned', 'owned_badges']),
    );
    expect(Object.keys(edit.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(edit.responses['403']['x-codes']).toEqual(expect.arrayContaining(['BANNED', 'FORBIDDEN']));
    const search = spec.paths['/api/admin/audit'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['actor', 'action', 'target', 'limit', 'before_id']),
    );
    // Public operations say so; the WebSocket's token travels in the query.
    expect(spec.paths['/api/public/ranking'].get.security).toEqual([]);
    expect(spec.paths['/api/ws'].get.security).toEqual([{ wsToken: [] }]);
    expect(spec.components.securitySchemes.wsToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'token' });
    // The request bodies that were missing.
    for (const [path, method] of [
      ['/api/users', 'post'],
      ['/api/users/me/discord', 'put'],
      ['/api/matches/host/transfer', 'post'],
      ['/api/shop/webhook', 'post'],
    ] as const) {
      expect(spec.paths[path][method].requestBody, `${method} ${path}`).toBeDefined();
    }
  });

  it('serves a browsable page without scripts (it runs under the CSP)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('POST /api/shop/checkout');
    expect(res.body).not.toContain('<script');
  });
});

describe('the reply check (API_CONTRACT_CHECK)', () => {
  it('refuses a route registered without a contract', async () => {
    const app = Fastify();
    new RouteRegistry().collect(app);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares its contract/);
    await app.close();
  });

  it('records every reply that breaks its route contract, and only those', async () => {
    const app = Fastify();
    const registry = new RouteRegistry();
    registry.collect(app);
    registry.check(app);
    const contract = { summary: 'A test route', tag: 'test', access: 'public' as const };
    const reply = z.object({ n: z.number() });
    app.get('/api/ok', api({ ...contract, reply }), async () => ({ n: 1 }));
    app.get('/api/wrong-shape', api({ ...contract, reply }), async () => ({ n: 'one' }));
    app.get('/api/undeclared-status', api({ ...contract, reply }), async (_request, res) =>
      res.status(409).send({ error: 'x', code: 'SEASON_EXISTS' }),
    );
    app.get('/api/declared-error', api({ ...contract, reply, errors: ['SEASON_NOT_FOUND'] }), async (_request, res) =>
      res.status(404).send({ error: 'x', code: 'SEASON_NOT_FOUND' }),
    );
    app.get('/api/undeclared-code', api({ ...contract, reply, errors: ['SEASON_NOT_FOUND'] }), async (_request, res) =>
      res.status(404).send({ error: 'x', code: 'BADGE_NOT_FOUND' }),
    );
    app.get('/api/not-the-error-shape', api({ ...contract, errors: ['SEASON_NOT_FOUND'] }), async (_request, res) =>
      res.status(404).send({ message: 'x' }),
    );
    for (const url of [
      '/api/ok',
      '/api/wrong-shape',
      '/api/undeclared-status',
      '/api/declared-error',
      '/api/undeclared-code',
      '/api/not-the-error-shape',
    ]) {
      await app.inject({ method: 'GET', url });
    }
    await app.close();
    expect(registry.mismatches.map((m) => `${m.url} ${m.status} ${m.problem.split(':')[0]}`)).toEqual([
      '/api/wrong-shape 200 reply does not match',
      '/api/undeclared-status 409 status not documented',
      '/api/undeclared-code 404 code BADGE_NOT_FOUND not documented',
      '/api/not-the-error-shape 404 not the error shape',
    ]);
  });
});
