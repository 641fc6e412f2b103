import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The folders of apps/server/src form layers: a folder may import a lower one, never one that imports it back,
// however long the way round (issue 23). Each file's imports (static, `export … from`, dynamic, type-only alike)
// are read with the TypeScript compiler's pre-processor; a file directly in src/ (app.ts, config.ts, …) is a node
// of its own. On failure it names each group of nodes that import one another round (a strongly connected component)
// and prints one cycle through it, with the imports behind each step.

const src = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** src/users/service.ts → users; src/app.ts → app.ts */
const nodeOf = (file: string) => relative(src, file).split(sep)[0] as string;

/** folder → folder → the file-level imports behind that edge */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(src)) {
    const from = nodeOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (relative(src, target).startsWith('..')) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      const edges = graph.get(from) as Map<string, string[]>;
      const why = `${relative(src, file)} → ${relative(src, target)}`;
      edges.set(to, [...(edges.get(to) ?? []), why]);
    }
  }
  return graph;
}

/** Strongly connected components with more than one folder (Tarjan). */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** One closed path through a component, each step with the imports that make it. */
function describeCycle(graph: Map<string, Map<string, string[]>>, component: string[]): string {
  const members = new Set(component);
  const start = component[0] as string;
  // Breadth-first from start back to start inside the component: the shortest cycle through it.
  const previous = new Map<string, string>();
  const queue = [start];
  let closing: string | undefined;
  while (queue.length > 0 && !closing) {
    const node = queue.shift() as string;
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        closing = node;
        break;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  const path = [start];
  for (let node = closing as string; node !== start; node = previous.get(node) as string) path.splice(1, 0, node);
  path.push(start);
  const steps = path.slice(1).map((to, i) => {
    const from = path[i] as string;
    const files = graph.get(from)?.get(to) ?? [];
    return `  ${from} → ${to}: ${files.slice(0, 3).join('; ')}${files.length > 3 ? ` (+${files.length - 3})` : ''}`;
  });
  return [`cycle among {${component.join(', ')}}: ${path.join(' → ')}`, ...steps].join('\n');
}

describe('import graph of apps/server/src', () => {
  const graph = folderGraph();

  it('reads the imports (sanity: modules.ts imports the domains, the domains import db/)', () => {
    expect(graph.get('modules.ts')?.has('matches')).toBe(true);
    expect(graph.get('matches')?.has('db')).toBe(true);
  });

  it('has no cycle between folders', () => {
    const report = cycles(graph).map((component) => describeCycle(graph, component));
    if (report.length > 0) console.error(report.join('\n\n'));
    expect(report).toEqual([]);
  });
});
