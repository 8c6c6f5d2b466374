import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

const FOLDERS = ['main', 'shared', 'renderer', 'bench', 'tools', 'test'];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts'];
// Static imports and re-exports (type-only ones included: a type cycle is a design cycle too).
const IMPORT = /^\s*(?:import|export)\b[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project's import graph: file → the project files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = FOLDERS.map((f) => join(PROJECT_ROOT, f))
    .filter(existsSync)
    .flatMap(sourceFiles);
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = resolve(dirname(file), match[1]!);
      const target = EXTENSIONS.map((ext) => base + ext).find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('form no cycle anywhere in the project', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(200);
    const named = cycles(graph).map((cycle) => cycle.map((f) => relative(PROJECT_ROOT, f)));
    expect(named).toEqual([]);
  });

  it('the cycle finder finds a cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', []],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
