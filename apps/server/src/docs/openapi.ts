import { ERRORS } from '@rankmatch/shared';
import { z } from 'zod';
import {
  type Access,
  errorBodySchema,
  errorCodesOf,
  type RouteEntry,
  type RouteRegistry,
  successRepliesOf,
} from '../http/contract.ts';
import { type RouteDef, route } from '../http/route.ts';

// OpenAPI 3.1 built from the routes' own contracts (contract.ts: each route declares its zod schemas where it is
// registered), served as JSON at /api/docs/openapi.json and as a plain HTML page at /api/docs (no script: it runs under
// the site's CSP). Nothing here lists routes: a route exists in the document because it is registered.

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return json;
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** getApiUsersById for GET /api/users/:id. */
const operationId = (method: string, path: string) =>
  [
    method.toLowerCase(),
    ...path
      .split(/[/.-]/)
      .filter(Boolean)
      .map((part) => (part.startsWith(':') ? `By_${part.slice(1)}` : part))
      .flatMap((part) => part.split('_')),
  ]
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');

const TAG_DESCRIPTIONS: Record<string, string> = {
  achievements: 'Achievements and their progress',
  admin: 'The admin panel (is_admin)',
  auth: 'Sign-in (Discord, test accounts) and sign-out',
  badges: 'Owned and equipped badges',
  debug: 'Test tools of the admin panel',
  master: 'Settings, badges and the roster',
  matches: 'The current match: reports, lobby, host',
  players: 'Public player pages, statistics and match summaries',
  queue: 'The matchmaking queue',
  ranking: 'The ranking of the active season',
  seasons: 'Seasons and past records',
  shop: 'The badge shop and its payments',
  system: 'Health, documentation, site data, crawlers, metrics, the WebSocket',
  users: 'The signed-in user and public users',
};

const SECURITY: Record<RouteEntry['contract']['access'], unknown[]> = {
  public: [],
  webhook: [],
  identity: [{ bearer: [] }],
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  websocket: [{ wsToken: [] }],
  metrics: [{ metricsToken: [] }, {}],
};

/** A session without a user record yet is a signed-in caller to the reader of the document. */
const shownAccess = (access: Access) => (access === 'identity' ? 'user' : access);

function parametersOf(route: RouteEntry) {
  const { contract } = route;
  const params = contract.params ? schemaOf(contract.params, 'input') : null;
  const pathParams = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: ((params?.properties ?? {}) as Record<string, JsonSchema>)[m[1] as string] ?? { type: 'string' },
  }));
  const query = contract.query ? schemaOf(contract.query, 'input') : null;
  const required = (query?.required as string[] | undefined) ?? [];
  const queryParams = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
  const headers = (contract.headers ?? []).map((h) => ({
    name: h.name,
    in: 'header',
    required: h.required,
    description: h.description,
    schema: { type: 'string' },
  }));
  return [...pathParams, ...queryParams, ...headers];
}

function operation(route: RouteEntry) {
  const { contract } = route;
  const responses: Record<string, unknown> = {};
  for (const [status, reply] of successRepliesOf(contract)) {
    const content = reply.schema
      ? { 'application/json': { schema: schemaOf(reply.schema, 'output') } }
      : reply.contentType
        ? { [reply.contentType]: { schema: { type: 'string' } } }
        : undefined;
    const headers = reply.headers
      ? Object.fromEntries(
          Object.entries(reply.headers).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        )
      : undefined;
    responses[String(status)] = {
      description: reply.description,
      ...(headers && { headers }),
      ...(content && { content }),
    };
  }
  for (const [status, codes] of errorCodesOf(route)) {
    responses[String(status)] = {
      description: codes.map((code) => `${code} (${ERRORS[code as keyof typeof ERRORS].message})`).join('; '),
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
      },
      // The codes this status carries here (a failed validation's 400 carries its validation code instead).
      'x-codes': codes,
    };
  }
  // An operation that succeeds without a 2XX (the redirect, the WebSocket's 101): any other status is an error.
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
    responses.default = {
      description: 'Any other status: an error of the catalogue',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const requestBody = contract.body
    ? { required: true, content: { 'application/json': { schema: schemaOf(contract.body, 'input') } } }
    : contract.noBody
      ? {
          required: false,
          description: contract.noBody,
          content: { 'application/json': { schema: { type: 'object', description: 'No fields are read' } } },
        }
      : contract.rawBody
        ? {
            required: true,
            description: contract.rawBody.description,
            content: {
              [contract.rawBody.contentType === '*' ? '*/*' : contract.rawBody.contentType]: {
                schema: { type: 'string' },
              },
            },
          }
        : undefined;
  return {
    operationId: operationId(route.method, route.url),
    summary: contract.summary,
    ...(contract.description && { description: contract.description }),
    tags: [contract.tag],
    security: SECURITY[contract.access],
    'x-access': shownAccess(contract.access),
    parameters: parametersOf(route),
    ...(requestBody && { requestBody }),
    responses,
  };
}

export function openApiDocument(routes: readonly RouteEntry[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const key = openApiPath(route.url);
    paths[key] ??= {};
    (paths[key] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  const tags = [...new Set(routes.map((r) => r.contract.tag))]
    .sort()
    .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'rankmatch API',
      version: '1.0.0',
      description: 'ポケモンユナイト ランクマッチの API',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the instance that serves the document (PUBLIC_URL).
    servers: [{ url: '/', description: 'This instance' }],
    tags,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a sign-in' },
        wsToken: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'The access token, in the query: a browser cannot set headers on a WebSocket handshake',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (or an address in METRICS_ALLOW)' },
      },
      schemas: { Error: schemaOf(errorBodySchema, 'output') },
    },
    paths,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(document: ReturnType<typeof openApiDocument>, routes: readonly RouteEntry[]): string {
  const sections = routes
    .map((route) => {
      const op = operation(route);
      const block = (title: string, value: unknown) =>
        value
          ? `<details><summary>${title}</summary><pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre></details>`
          : '';
      return `<section><h2><code>${route.method} ${escapeHtml(route.url)}</code> <small>${shownAccess(route.contract.access)}</small></h2>
<p>${escapeHtml(route.contract.summary)}</p>${block('request body', op.requestBody?.content)}${block(
        'parameters',
        op.parameters.length > 0 ? op.parameters : null,
      )}${block('responses', op.responses)}</section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>rankmatch API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
section{border-top:1px solid #e5e7eb;padding:.5rem 0}h2{font-size:1rem}small{color:#6b7280}
pre{background:#f3f4f6;padding:.75rem;overflow:auto;font-size:.8rem}</style></head><body>
<h1>rankmatch API <small>OpenAPI ${document.openapi}</small></h1>
<p>JSON: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. Errors are <code>{ "error": "…", "code": "…" }</code>.</p>
${sections}</body></html>`;
}

/** The document of every registered route, built once, at the first request (every route is registered by then). */
export function docsRoutes(registry: RouteRegistry): RouteDef[] {
  let built: { document: ReturnType<typeof openApiDocument>; html: string } | null = null;
  const docs = () => {
    if (!built) {
      const document = openApiDocument(registry.routes);
      built = { document, html: page(document, registry.routes) };
    }
    return built;
  };
  return [
    route(
      {
        method: 'GET',
        url: '/api/docs/openapi.json',
        summary: 'This documentation as OpenAPI 3.1',
        tag: 'system',
        access: 'public',
        replies: { 200: { description: 'The OpenAPI document', schema: z.looseObject({ openapi: z.string() }) } },
      },
      () => docs().document,
    ),
    route(
      {
        method: 'GET',
        url: '/api/docs',
        summary: 'This documentation as a page',
        tag: 'system',
        access: 'public',
        replies: { 200: { description: 'The page', contentType: 'text/html' } },
      },
      ({ reply }) => reply.type('text/html; charset=utf-8').send(docs().html),
    ),
  ];
}
