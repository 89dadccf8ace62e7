import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One module owns a table and is its only writer; the others call the owner's service functions
 * (docs/ARCHITECTURE.md, "Modules"). The owner is the module whose `*.tables.ts` declares the table's
 * Kysely type. This reads every production file of apps/server/src/modules for the writes it can see
 * in the source: Kysely's insertInto, updateTable, deleteFrom and mergeInto, and INSERT INTO, UPDATE
 * ... SET and DELETE FROM in SQL text. Writes made inside SQL functions (migrations) are not seen
 * here: docs/wallet.md says which module owns each of those. The seed and the demo (compose tier,
 * outside modules/) write the brand's first content directly and are not checked.
 */
const MODULES = path.resolve(import.meta.dirname, 'modules');

type Source = { module: string; file: string; text: string };

function sources(filter: (name: string) => boolean): Source[] {
  const found: Source[] = [];
  for (const module of readdirSync(MODULES)) {
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (filter(entry.name))
          found.push({ module, file: path.relative(MODULES, full), text: readFileSync(full, 'utf8') });
      }
    };
    walk(path.join(MODULES, module));
  }
  return found;
}

/** Drops comments, so prose that says "update members" is not read as a write. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

const owners = new Map<string, string[]>();
for (const s of sources((name) => name.endsWith('.tables.ts'))) {
  const body = /interface Database \{([\s\S]*?)\n\s*\}/.exec(s.text)?.[1] ?? '';
  for (const [, table] of body.matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm))
    owners.set(table as string, [...(owners.get(table as string) ?? []), s.module]);
}

type Write = { table: string; module: string; file: string };
const writes: Write[] = [];
const unread: string[] = [];
const isProduction = (name: string) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.fixtures.ts') && !name.endsWith('.d.ts');
for (const s of sources(isProduction)) {
  const text = code(s.text);
  for (const [call, arg] of text.matchAll(/\.(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*([^)]*)\)/g)) {
    // A literal name, or a variable cast to one (`table as 'banners'`).
    const table = /['"`]([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?['"`]/.exec(arg as string)?.[1];
    if (table) writes.push({ table, module: s.module, file: s.file });
    else unread.push(`${s.file}: ${call}`);
  }
  const raw = [
    /\bINSERT\s+INTO\s+([a-z_][a-z0-9_]*)/g,
    /\bDELETE\s+FROM\s+([a-z_][a-z0-9_]*)/g,
    /\bUPDATE\s+([a-z_][a-z0-9_]*)(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?\s+SET\b/g,
  ];
  for (const pattern of raw)
    for (const [, table] of text.matchAll(pattern))
      writes.push({ table: table as string, module: s.module, file: s.file });
}

describe('table owners', () => {
  it('finds the writes it checks', () => {
    // Guards the scan itself: a change that broke the patterns would pass every check below.
    expect(owners.get('members')).toEqual(['accounts']);
    expect(writes.some((w) => w.table === 'members' && w.module === 'accounts')).toBe(true);
    expect(writes.some((w) => w.table === 'contracts' && w.file.endsWith('.queries.ts'))).toBe(true);
  });

  it('declares each table in one module only', () => {
    expect([...owners].filter(([, modules]) => modules.length > 1)).toEqual([]);
  });

  it('reads the table name of every Kysely write', () => {
    expect(unread).toEqual([]);
  });

  it('has every table written only by the module that declares it', () => {
    const strays = writes
      .filter((w) => owners.get(w.table)?.[0] !== w.module)
      .map((w) => `${w.file} writes ${w.table}, owned by ${owners.get(w.table)?.[0] ?? 'no module'}`);
    expect([...new Set(strays)]).toEqual([]);
  });
});
