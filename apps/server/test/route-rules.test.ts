import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each rule said once: a route's access, input parsing and events are the route declaration's work
// (src/http/route.ts) and the unit of work's (src/events/unit.ts). This reads the sources and fails when a handler
// authenticates or parses by hand, registers a route around the declaration, or publishes an event itself.

const src = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));

/** Files (relative to src) where `pattern` occurs, except the allowed ones. */
function offenders(pattern: RegExp, allowed: string[]): string[] {
  return files
    .filter((f) => !allowed.includes(f.path) && pattern.test(f.text))
    .map((f) => {
      const line = f.text.split('\n').findIndex((l) => pattern.test(l)) + 1;
      return `${f.path}:${line}`;
    });
}

describe('route rules', () => {
  it('finds the files it reads (sanity)', () => {
    expect(files.some((f) => f.path === 'http/route.ts')).toBe(true);
    expect(files.filter((f) => f.path.endsWith('routes.ts')).length).toBeGreaterThan(20);
  });

  it('authenticates in one place: the route declaration (and the WebSocket handshake)', () => {
    // The guard is made by app.ts and used by the route runner and the socket hub only.
    expect(offenders(/from '\.\.?\/(auth\/)?guard\.ts'/, ['app.ts', 'realtime/hub.ts'])).toEqual([]);
    expect(offenders(/\bguard\.(identity|user|admin|optional|metrics)\(/, [])).toEqual([]);
    // Tokens are read by the guard, and by the rate limit's key (who calls, not whether they may).
    expect(
      offenders(/\b(subjectOf|bearerToken)\(/, ['context.ts', 'auth/tokens.ts', 'auth/guard.ts', 'server.ts']),
    ).toEqual([]);
  });

  it('parses input in one place: the route declaration', () => {
    expect(offenders(/from '\.\.\/http\/validate\.ts'/, [])).toEqual([]);
    // Handlers get params, query and body parsed; a raw body (the webhook's signed bytes, a screenshot's image) is the
    // one exception.
    expect(
      offenders(/\brequest\.(body|query|params)\b/, [
        'http/route.ts',
        'http/validate.ts',
        'http/web-app.ts',
        'realtime/hub.ts',
        'shop/routes.ts',
        'trust/routes.ts',
        'notifications/push-sender.ts',
      ]),
    ).toEqual([]);
    for (const raw of ['shop/routes.ts', 'trust/routes.ts']) {
      const text = files.find((f) => f.path === raw)?.text ?? '';
      expect(text.match(/\brequest\.(body|query|params)\b/g)).toEqual(['request.body']);
    }
  });

  it('registers every API route through the declaration', () => {
    // A route's contract is given by route(); the socket's upgrade route is the hub's own.
    expect(offenders(/[^.\w]api\(/, ['http/route.ts', 'http/contract.ts', 'realtime/hub.ts'])).toEqual([]);
    expect(
      offenders(/\b(app|admin|scope)\.(get|post|put|delete|route)\(/, [
        'http/route.ts',
        'http/web-app.ts',
        'realtime/hub.ts',
      ]),
    ).toEqual([]);
  });

  it('publishes events in one place: after the commit of the work that emitted them', () => {
    expect(offenders(/\.publish\(/, ['events/unit.ts', 'events/domain.ts', 'events/bus.ts'])).toEqual([]);
    // Route files emit nothing themselves: the commands they call do.
    expect(offenders(/\bemit\(/, []).filter((f) => /routes\.ts/.test(f))).toEqual([]);
  });
});
