/**
 * The tables of docs/ that are read from the source, so that they cannot drift from it:
 * tests/server/docs-tables.test.ts fails when a file differs from what this prints.
 *
 *   npx tsx scripts/docs-tables.ts          prints the sections
 *   npx tsx scripts/docs-tables.ts --write  rewrites them in docs/ (between their markers)
 *
 * - docs/resource-map.md: for every page of common/menu.ts, its folder under src/pages, the
 *   typed services it calls, the server modules answering those calls and the tables those
 *   modules' own queries touch. How each column is found (plain text reading, no compiler):
 *   services are the `@/services/<name>` imports of the page's files, followed through the
 *   page's own files and the shared `@/components` / `@/hooks` it imports; API paths are the
 *   string literals starting with "/" in those service files; a module answers a path when one
 *   of the "/…" literals in its routes*.ts files shares the path's first two segments (or is a
 *   prefix of them); tables are Kysely's selectFrom / insertInto / updateTable / deleteFrom /
 *   joins in the module's files, kept when the name is a table of server/db/types.ts or a
 *   table file beside it (domainTypes.ts, creditTypes.ts, …).
 * - docs/domain.md: the permission codes of common/permissions.ts by group.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_PAGES, type PageEntry } from '../common/menu';
import { PERMISSION_GROUPS } from '../common/permissions';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Services that carry no resource of their own: the request layer and its helpers. */
const INFRA_SERVICES = new Set(['api', 'resource', 'download']);

function read(file: string): string {
  return readFileSync(file, 'utf8');
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .sort();
}

/** Every page once (ALL_PAGES lists the back office's children beside their root). */
function flatten(entries: readonly PageEntry[], seen = new Set<string>()): PageEntry[] {
  return entries.flatMap((e) => {
    const key = `${e.path} ${e.title}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [e, ...flatten(e.children ?? [], seen)];
  });
}

/** The page's folder (or file) under src/pages, or undefined when the path has none of its own. */
function pageLocation(pagePath: string): string | undefined {
  const base = path.join(ROOT, 'src', 'pages', pagePath === '/' ? 'index' : pagePath.slice(1));
  if (existsSync(base) && statSync(base).isDirectory()) return base;
  if (existsSync(`${base}.tsx`)) return `${base}.tsx`;
  return undefined;
}

const IMPORT = /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveModule(spec: string, fromFile: string): string | undefined {
  let target: string;
  if (spec.startsWith('@/')) target = path.join(ROOT, 'src', spec.slice(2));
  else if (spec.startsWith('.')) target = path.resolve(path.dirname(fromFile), spec);
  else return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * The resource services a page reaches through its own files and the shared pieces it uses.
 * `others` are the other pages' locations: a page folder holding another page's folder (the
 * back office's root) does not count that page's files as its own.
 */
function servicesOf(location: string, others: readonly string[]): string[] {
  const services = new Set<string>();
  const seen = new Set<string>();
  const foreign = (file: string) => others.some((o) => o !== location && o.startsWith(location + path.sep) && file.startsWith(o));
  const queue = filesUnder(location).filter((f) => !foreign(f));
  const servicesDir = path.join(ROOT, 'src', 'services') + path.sep;
  const followable = [path.join(ROOT, 'src', 'components') + path.sep, path.join(ROOT, 'src', 'hooks') + path.sep];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of read(file).matchAll(IMPORT)) {
      const resolved = resolveModule(match[1] ?? match[2] ?? '', file);
      if (!resolved) continue;
      if (resolved.startsWith(servicesDir)) {
        const name = path.basename(resolved).replace(/\.tsx?$/, '');
        if (!INFRA_SERVICES.has(name)) services.add(name);
      } else if ((resolved.startsWith(location) && !foreign(resolved)) || followable.some((dir) => resolved.startsWith(dir))) {
        queue.push(resolved);
      }
    }
  }
  return [...services].sort();
}

/** The first two static segments of every "/…" literal in a file ("/projects/${id}" → "/projects"). */
function pathKeys(source: string): Set<string> {
  const keys = new Set<string>();
  for (const match of source.matchAll(/['`](\/[A-Za-z][\w.-]*(?:\/[A-Za-z][\w.-]*)?)/g)) keys.add(match[1] as string);
  return keys;
}

function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

interface ModuleInfo {
  name: string;
  keys: Set<string>;
  tables: string[];
}

function knownTables(): Set<string> {
  const tables = new Set<string>();
  // types.ts and every table file beside it (domainTypes.ts, qualityReviewTypes.ts, …).
  const files = readdirSync(path.join(ROOT, 'server', 'db')).filter((f) => f === 'types.ts' || f.endsWith('Types.ts'));
  for (const file of files) {
    for (const match of read(path.join(ROOT, 'server', 'db', file)).matchAll(/^\s+([a-z_]+): [A-Z]\w*Table;/gm)) tables.add(match[1] as string);
  }
  return tables;
}

function modules(): ModuleInfo[] {
  const tables = knownTables();
  const dir = path.join(ROOT, 'server', 'modules');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const files = filesUnder(path.join(dir, d.name));
      const keys = new Set<string>();
      for (const file of files.filter((f) => /[Rr]outes\.ts$/.test(f))) for (const key of pathKeys(read(file))) keys.add(key);
      const used = new Set<string>();
      for (const file of files) {
        for (const match of read(file).matchAll(/\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin)\(\s*['"]([a-z_]+)/g)) {
          if (tables.has(match[1] as string)) used.add(match[1] as string);
        }
      }
      return { name: d.name, keys, tables: [...used].sort() };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface ResourceMapRow {
  page: string;
  title: string;
  folder: string;
  services: string[];
  modules: string[];
  tables: string[];
}

export function resourceMap(): ResourceMapRow[] {
  const serverModules = modules();
  const rows: ResourceMapRow[] = [];
  const pages = flatten(ALL_PAGES).flatMap((entry) => {
    const location = pageLocation(entry.path);
    return location ? [{ entry, location }] : [];
  });
  const locations = pages.map((p) => p.location);
  for (const { entry, location } of pages) {
    const services = servicesOf(location, locations);
    const keys = services.flatMap((s) => [...pathKeys(read(path.join(ROOT, 'src', 'services', `${s}.ts`)))]);
    const answering = serverModules.filter((m) => keys.some((k) => [...m.keys].some((mk) => related(k, mk))));
    rows.push({
      page: entry.path,
      title: entry.title,
      folder: path.relative(ROOT, location),
      services,
      modules: answering.map((m) => m.name),
      tables: [...new Set(answering.flatMap((m) => m.tables))].sort(),
    });
  }
  return rows;
}

const code = (items: readonly string[]) => (items.length ? items.map((i) => `\`${i}\``).join(', ') : '—');

export function resourceMapMarkdown(): string {
  const lines = [
    '| page | title | folder | services (src/services) | server modules (server/modules) | tables |',
    '|---|---|---|---|---|---|',
    ...resourceMap().map((r) => `| \`${r.page}\` | ${r.title} | \`${r.folder}\` | ${code(r.services)} | ${code(r.modules)} | ${code(r.tables)} |`),
  ];
  return lines.join('\n');
}

export function permissionTableMarkdown(): string {
  return [
    '| group | code | what it allows |',
    '|---|---|---|',
    ...PERMISSION_GROUPS.flatMap((g) => g.items.map((i) => `| ${g.group} | \`${i.code}\` | ${i.name} |`)),
  ].join('\n');
}

/** A generated part of a document: the file, the marker's name and what goes between. */
export interface GeneratedSection {
  file: string;
  name: string;
  render: () => string;
}

export const GENERATED_SECTIONS: readonly GeneratedSection[] = [
  { file: 'docs/resource-map.md', name: 'resource-map', render: resourceMapMarkdown },
  { file: 'docs/domain.md', name: 'permission-codes', render: permissionTableMarkdown },
];

const beginMarker = (name: string) => `<!-- ${name}:begin (generated by scripts/docs-tables.ts; do not edit by hand) -->`;
const endMarker = (name: string) => `<!-- ${name}:end -->`;

/** The document `current` with the section's text between its markers. */
export function withSection(current: string, section: GeneratedSection): string {
  const begin = beginMarker(section.name);
  const start = current.indexOf(begin);
  const end = current.indexOf(endMarker(section.name));
  if (start < 0 || end < start) throw new Error(`${section.file} lacks the markers ${begin} … ${endMarker(section.name)}`);
  return `${current.slice(0, start + begin.length)}\n${section.render()}\n${current.slice(end)}`;
}

export function documentPath(section: GeneratedSection): string {
  return path.join(ROOT, section.file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const section of GENERATED_SECTIONS) {
    if (process.argv.includes('--write')) {
      const file = documentPath(section);
      writeFileSync(file, withSection(read(file), section));
      console.log(`wrote ${section.file} (${section.name})`);
    } else {
      console.log(`## ${section.file} · ${section.name}\n\n${section.render()}\n`);
    }
  }
}
