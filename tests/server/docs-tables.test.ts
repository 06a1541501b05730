/**
 * The repository's own maps stay true: the generated tables of docs/ (resource map, permission
 * codes) match the source, and the README's layout names every folder it should and nothing
 * that is gone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentPath, GENERATED_SECTIONS, resourceMap, withSection } from '../../scripts/docs-tables';

const ROOT = path.resolve(__dirname, '..', '..');

describe('docs/ tables generated from the source', () => {
  for (const section of GENERATED_SECTIONS) {
    it(`${section.file} (${section.name}) is up to date — run \`npx tsx scripts/docs-tables.ts --write\``, () => {
      const current = readFileSync(documentPath(section), 'utf8');
      expect(current).toBe(withSection(current, section));
    });
  }

  it('maps every back-office page to its service and the server module answering it', () => {
    const rows = resourceMap();
    const byPage = new Map(rows.map((r) => [r.page, r]));
    const practitioners = byPage.get('/Manage/employee-management');
    expect(practitioners?.folder).toBe('src/pages/Manage/employee-management');
    expect(practitioners?.services).toContain('practitioners');
    expect(practitioners?.modules).toContain('practitioners');
    expect(practitioners?.tables).toContain('practitioners');
    // Every back-office page with a folder reaches at least one module, but for the root.
    for (const row of rows.filter((r) => r.page.startsWith('/Manage/'))) {
      expect(row.modules.length, row.page).toBeGreaterThan(0);
    }
  });
});

/** The tree lines of the README's "Layout of the repository" block: each names a path. */
function readmeLayout(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Layout of the repository'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const paths: string[] = [];
  const parents: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 2;
    const name = match[2] as string;
    // Continuation lines of a description are indented further and do not look like paths.
    if (!/^[\w.<>&;-]+\/?$/.test(name) || depth > parents.length) continue;
    parents.length = depth;
    const full = [...parents, name].join('');
    paths.push(full);
    if (name.endsWith('/')) parents.push(name);
  }
  return paths;
}

describe('the README layout matches the tree', () => {
  const layout = readmeLayout();
  const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean));
  const trackedDirs = new Set([...tracked].flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`)));

  it('names only paths that exist', () => {
    expect(layout.length).toBeGreaterThan(20);
    const missing = layout.filter((p) => !p.includes('<') && !existsSync(path.join(ROOT, p)));
    expect(missing).toEqual([]);
  });

  it('names every top-level folder and every folder of server/, src/, common/', () => {
    const named = new Set(layout);
    const expected = [...trackedDirs].filter((d) => {
      const parts = d.split('/').filter(Boolean);
      if (d.startsWith('.')) return false;
      if (parts.length === 1) return true;
      return parts.length === 2 && ['server', 'src', 'common'].includes(parts[0] as string) && !d.startsWith('src/.umi');
    });
    const unnamed = expected.filter((d) => !named.has(d)).sort();
    expect(unnamed).toEqual([]);
  });
});
