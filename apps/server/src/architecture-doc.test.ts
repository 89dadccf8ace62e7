import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md's module table is the map a newcomer reads first, so it must name exactly
 * the module folders that exist. A row may announce a module not on disk yet only while it says so
 * with "*(being created)*", and that mark must go once the folder exists.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOC = path.join(ROOT, 'docs/ARCHITECTURE.md');
const MODULES = path.join(ROOT, 'apps/server/src/modules');
const BEING_CREATED = '*(being created)*';

/** The tier table the module rules are generated from (.dependency-cruiser.cjs). */
const rules = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as {
  tiers: { tier: string; modules?: string[] }[];
};

/** The rows of the first table under a `## <heading>` line, as trimmed cells. */
function tableUnder(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no "## ${heading}" section`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  // Header and the |---| separator are not rows.
  return rows.slice(2);
}

const doc = readFileSync(DOC, 'utf8');
const tiers = tableUnder(doc, 'Server tiers').map((row) => row[0] ?? '');
const modules = tableUnder(doc, 'Modules').map((row) => {
  const name = /^`([a-z0-9-]+)\/`$/.exec(row[0] ?? '')?.[1];
  if (!name) throw new Error(`module table row without a \`name/\` first cell: | ${row.join(' | ')} |`);
  return { name, tier: row[1] ?? '', owns: row[2] ?? '', beingCreated: (row[2] ?? '').includes(BEING_CREATED) };
});
const folders = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('docs/ARCHITECTURE.md', () => {
  it('has the seven tiers in order', () => {
    expect(tiers).toEqual(['platform', 'ledger', 'core', 'domain', 'programme', 'views', 'compose']);
  });

  it('names every module folder in its module table, once, with a tier and what it owns', () => {
    const named = modules.map((m) => m.name);
    expect(named.filter((name, i) => named.indexOf(name) !== i)).toEqual([]);
    expect(folders.filter((folder) => !named.includes(folder))).toEqual([]);
    for (const m of modules) {
      expect(tiers, m.name).toContain(m.tier);
      expect(m.owns.length, m.name).toBeGreaterThan(10);
    }
  });

  it('names no module that does not exist, but one marked as being created', () => {
    expect(modules.filter((m) => !m.beingCreated && !folders.includes(m.name)).map((m) => m.name)).toEqual([]);
    // Once the folder is there, the row says what it owns instead of "being created".
    expect(modules.filter((m) => m.beingCreated && folders.includes(m.name)).map((m) => m.name)).toEqual([]);
  });

  it('puts each module in the tier the dependency rules enforce for it', () => {
    expect(tiers).toEqual(rules.tiers.map((t) => t.tier));
    const enforced = new Map(rules.tiers.flatMap((t) => (t.modules ?? []).map((m) => [m, t.tier] as const)));
    expect(modules.map((m) => [m.name, m.tier])).toEqual(modules.map((m) => [m.name, enforced.get(m.name)]));
    expect([...enforced.keys()].filter((name) => !modules.some((m) => m.name === name))).toEqual([]);
  });
});
