/**
 * The import rules of docs/architecture.md, read from the source: common/ imports nothing of the
 * other parts, the SPA never imports the server, the libraries below server/modules never import
 * a module (only the wiring does), a module never reaches into another module's files, and the
 * server's imports have no circle.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    if (d.isDirectory()) return d.name.startsWith('.') ? [] : sources(rel);
    return /\.(ts|tsx)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [rel] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)(?:\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The repository files a file imports (relative and alias imports resolved; packages left out).
 * `runtime` leaves out `import type` lines, which the compiler erases: a circle of types alone
 * never runs.
 */
function importsOf(file: string, { runtime = false } = {}): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    if (runtime && /^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
    const spec = match[1] ?? match[2] ?? '';
    let target: string;
    if (spec.startsWith('.')) target = path.join(path.dirname(file), spec);
    else if (spec.startsWith('@common/')) target = path.join('common', spec.slice('@common/'.length));
    else if (spec.startsWith('@/')) target = path.join('src', spec.slice(2));
    else continue;
    const resolved = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')].find(
      (candidate) => existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile(),
    );
    found.push(resolved ?? target);
  }
  return found;
}

const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];

describe('import rules', () => {
  it('common/ imports only common/', () => {
    const outside = sources('common').flatMap((f) => importsOf(f).filter((t) => !t.startsWith('common/')).map((t) => `${f} → ${t}`));
    expect(outside).toEqual([]);
  });

  it('the SPA never imports the server', () => {
    const leaks = sources('src').flatMap((f) => importsOf(f).filter((t) => t.startsWith('server/')).map((t) => `${f} → ${t}`));
    expect(leaks).toEqual([]);
  });

  it('no library below the modules imports a module; only the wiring does', () => {
    const wiring = new Set(['server/app.ts', 'server/jobs.ts', 'server/index.ts', 'server/cluster.ts']);
    const files = sources('server').filter((f) => !f.startsWith('server/modules/') && !wiring.has(f));
    expect(files.length).toBeGreaterThan(50);
    const upward = files.flatMap((f) => importsOf(f).filter((t) => t.startsWith('server/modules/')).map((t) => `${f} → ${t}`));
    expect(upward).toEqual([]);
  });

  it("a module does not import another module's files (but the listed exceptions, each with its reason)", () => {
    const crossing = sources('server/modules').flatMap((f) => {
      const own = moduleOf(f);
      if (!own) return [];
      return importsOf(f)
        .filter((t) => {
          const other = moduleOf(t);
          return other !== undefined && other !== own;
        })
        .map((t) => `${f} → ${t}`);
    });
    expect(crossing).toEqual(KNOWN_CROSSINGS);
  });

  it('the server has no import circle', () => {
    const files = sources('server');
    const graph = new Map(files.map((f) => [f, importsOf(f, { runtime: true }).filter((t) => t.startsWith('server/'))]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});

/**
 * Module-to-module imports that stand today, each with its reason; a new one fails the test
 * until it is moved below the modules or listed here with why.
 */
const KNOWN_CROSSINGS: string[] = [
  // The public home page is one request (GET /public/home) made of what each content module
  // shows publicly: it reads their public queries rather than repeating them.
  'server/modules/public-home/routes.ts → server/modules/articles/queries.ts',
  'server/modules/public-home/routes.ts → server/modules/carousels/queries.ts',
  'server/modules/public-home/routes.ts → server/modules/friendly-links/queries.ts',
  'server/modules/public-home/routes.ts → server/modules/member-units/publicQueries.ts',
  'server/modules/public-home/routes.ts → server/modules/notices/queries.ts',
];
