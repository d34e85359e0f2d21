import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import circles among the TypeScript files under `dir`: groups of files that reach each
 * other through their imports (static, `export … from`, `import type` and `import()` alike, since a
 * circle of types still ties two modules' designs together). Specifiers resolve as the package's
 * `imports` (`#shared/*`, `#server/*`, `#web/*`) and relative paths do; packages are left out.
 * Each circle is listed as paths relative to `root`, sorted; none means an empty list.
 */
export function importCycles(root: string, dir = 'src'): string[][] {
  const aliases: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {};
  const files = listSources(join(root, dir));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveSpecifier(root, aliases, file, fileName))
      .filter((target): target is string => target !== null && known.has(target));
    edges.set(file, [...new Set(targets)]);
  }
  return stronglyConnected(files, edges)
    .filter((group) => group.length > 1 || (edges.get(group[0]) ?? []).includes(group[0]))
    .map((group) => group.map((file) => relative(root, file)).sort())
    .sort((a, b) => a[0].localeCompare(b[0]));
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function resolveSpecifier(root: string, aliases: Record<string, string>, from: string, specifier: string): string | null {
  let target: string | null = null;
  if (specifier.startsWith('.')) target = resolve(dirname(from), specifier);
  for (const [pattern, to] of Object.entries(aliases)) {
    const prefix = pattern.replace(/\*$/, '');
    if (pattern.endsWith('*') && specifier.startsWith(prefix)) target = resolve(root, to.replace(/\*$/, '') + specifier.slice(prefix.length));
  }
  if (!target) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** Tarjan's strongly connected components, iteratively (no recursion depth limit on a large tree). */
function stronglyConnected(nodes: string[], edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const children = edges.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++];
        if (!index.has(child)) {
          index.set(child, next);
          low.set(child, next++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}
