// The import graph of the server and the domain package (issue 22 §3): every static `import`,
// `export … from` and dynamic `import('…')` between their source files, `@funil/domain/<x>`
// resolved to packages/domain/src/<x>.ts. Type-only imports count: a cycle of types is still a
// cycle a reader must untangle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Source files (not tests) under `dir`, as repository-relative paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
}

const specifiers = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

/** The files `file` imports (repository-relative), given its text. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(specifiers)) {
    const spec = m[1] ?? m[2]!;
    if (spec.startsWith('.')) out.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
    else if (spec.startsWith('@funil/domain/')) out.push(`packages/domain/src/${spec.slice('@funil/domain/'.length)}.ts`);
  }
  return out;
}

export type Graph = Map<string, string[]>;

export function importGraph(dirs: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const dir of dirs)
    for (const file of sourceFiles(dir)) graph.set(file, importsOf(file, readFileSync(path.join(repo, file), 'utf8')));
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one file (or a file importing itself), each sorted. */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        onStack.delete(top);
        component.push(top);
      } while (top !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
