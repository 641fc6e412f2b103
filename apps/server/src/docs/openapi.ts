import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_DOCS, type RouteDoc } from './api-docs.ts';

// OpenAPI 3.1 from API_DOCS (zod's own JSON Schema output), served as JSON at /api/docs/openapi.json and as a plain
// HTML page at /api/docs (no script: it runs under the site's CSP).

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

function operation(route: RouteDoc) {
  const params = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = route.query ? schemaOf(route.query, 'input') : null;
  const queryParams = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: ((query?.required as string[] | undefined) ?? []).includes(name),
    schema,
  }));
  return {
    summary: route.summary,
    tags: [route.tag],
    ...(route.access === 'user' || route.access === 'admin' ? { security: [{ bearer: [] }] } : {}),
    'x-access': route.access,
    parameters: [...params, ...queryParams],
    ...(route.body && {
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } },
    }),
    responses: {
      '200': {
        description: 'OK',
        ...(route.reply && { content: { 'application/json': { schema: schemaOf(route.reply, 'output') } } }),
      },
      default: {
        description: 'Error: { error (Japanese), code (stable), details? }',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_DOCS) {
    const key = openApiPath(route.path);
    paths[key] ??= {};
    (paths[key] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'rankmatch API', version: '1.0.0', description: 'ポケモンユナイト ランクマッチの API' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: {
            error: { type: 'string' },
            code: { type: 'string' },
            details: { type: 'array', items: { type: 'object' } },
            retry_after_seconds: { type: 'integer' },
          },
        },
      },
    },
    paths,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(document: ReturnType<typeof openApiDocument>): string {
  const sections = API_DOCS.map((route) => {
    const op = operation(route);
    const block = (title: string, value: unknown) =>
      value
        ? `<details><summary>${title}</summary><pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre></details>`
        : '';
    return `<section><h2><code>${route.method} ${escapeHtml(route.path)}</code> <small>${route.access}</small></h2>
<p>${escapeHtml(route.summary)}</p>${block('request body', op.requestBody?.content['application/json'].schema)}${block(
      'query',
      op.parameters.filter((p) => p.in === 'query'),
    )}${block('reply', (op.responses['200'] as { content?: { 'application/json': { schema: unknown } } }).content?.['application/json'].schema)}</section>`;
  }).join('\n');
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>rankmatch API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
section{border-top:1px solid #e5e7eb;padding:.5rem 0}h2{font-size:1rem}small{color:#6b7280}
pre{background:#f3f4f6;padding:.75rem;overflow:auto;font-size:.8rem}</style></head><body>
<h1>rankmatch API <small>OpenAPI ${document.openapi}</small></h1>
<p>JSON: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. Errors are <code>{ "error": "…", "code": "…" }</code>.</p>
${sections}</body></html>`;
}

export function registerDocsRoutes(app: FastifyInstance): void {
  const document = openApiDocument();
  const html = page(document);
  app.get('/api/docs/openapi.json', async () => document);
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
}
