import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node versions `engines` states must be ones every installed package accepts: npm warns EBADENGINE for each
// package whose own `engines.node` excludes the running Node, and a range we state but a dependency refuses is a
// promise the install breaks (issue 21, item 24).

const root = join(import.meta.dirname, '../../..');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

interface LockedPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

/** Every package of the lockfile installed here (optional ones for other platforms are not) with its Node range. */
function installedNodeRanges(): { name: string; range: string }[] {
  const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
    if (!path || !range || !existsSync(join(root, path))) return [];
    return [{ name: path.replace(/^.*node_modules\//, ''), range }];
  });
}

describe('engines', () => {
  const stated: string = readJson('package.json').engines.node;

  it('every installed package accepts the Node that runs the install (no EBADENGINE warning)', () => {
    const refused = installedNodeRanges().filter((p) => !semver.satisfies(process.version, p.range));
    expect(refused).toEqual([]);
  });

  it('the lowest version of each line `engines` states is accepted by every installed package', () => {
    const lowest = stated.split('||').map((part) => semver.minVersion(part.trim())?.version ?? part);
    const refused = lowest.flatMap((version) =>
      installedNodeRanges()
        .filter((p) => !semver.satisfies(version, p.range))
        .map((p) => `${p.name} (${p.range}) refuses Node ${version}`),
    );
    expect(refused).toEqual([]);
  });

  it('the README names the same Node versions as `engines`', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.includes(`\`${stated}\``), `README.md names \`${stated}\``).toBe(true);
  });
});
