// Measures of issue 23 over the sources (src folders; not benches, not tests): functions longer than a limit, `as`
// casts (not `as const`) per file, non-null assertions, and events published on the bus directly instead of through DomainEvents.
// node scripts/code-stats.mjs [--limit 80] [--list] [folders...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 80;
const list = args.includes('--list');
const roots = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--limit');
const root = new URL('..', import.meta.url).pathname;
const folders = roots.length
  ? roots
  : ['apps/server/src', 'apps/web/src', 'packages/engine/src', 'packages/shared/src'].map((f) => join(root, f));

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) yield path;
  }
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

const long = [];
const casts = new Map();
const busPublishes = [];
let nonNull = 0;
for (const folder of folders) {
  for (const file of sources(folder)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const rel = relative(root, file);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.end).line;
        const lines = end - start + 1;
        if (lines > limit) long.push({ file: rel, line: start + 1, name: nameOf(node), lines });
      }
      if (ts.isNonNullExpression(node)) nonNull++;
      if (ts.isAsExpression(node) && node.type.getText() !== 'const') casts.set(rel, (casts.get(rel) ?? 0) + 1);
      if (
        ts.isCallExpression(node) &&
        /(^|\.)bus\.publish$/.test(node.expression.getText()) &&
        !rel.endsWith('events/domain.ts')
      ) {
        busPublishes.push(`${rel}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

long.sort((a, b) => b.lines - a.lines);
const totalCasts = [...casts.values()].reduce((a, b) => a + b, 0);
console.log(`functions over ${limit} lines: ${long.length}`);
if (list) for (const f of long) console.log(`  ${f.lines}\t${f.name}\t${f.file}:${f.line}`);
console.log(`as casts: ${totalCasts}`);
if (list) {
  for (const [file, n] of [...casts].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${n}\t${file}`);
}
console.log(`non-null assertions (x!): ${nonNull}`);
console.log(`bus.publish outside DomainEvents: ${busPublishes.length}`);
if (list) for (const at of busPublishes) console.log(`  ${at}`);
