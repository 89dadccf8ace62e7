import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// docs/studio.md's folder table is the studio's map (what the kit holds, where each product lives,
// which root files assemble them), so it must name exactly what is on disk, with the part the
// dependency rules enforce for it (.dependency-cruiser.cjs: the products' folders and the root files).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(ROOT, 'apps/studio/src');
const rules = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as {
  studio: { products: { rule: string; server: string; pages: string[] }[]; rootFiles: string[] };
};

function folderTable(): { path: string; part: string; holds: string }[] {
  const lines = readFileSync(path.join(ROOT, 'docs/studio.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === '## Folders');
  if (start < 0) throw new Error('docs/studio.md has no "## Folders" section');
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (line.startsWith('|'))
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    else if (rows.length > 0) break;
  }
  return rows.slice(2).map((row) => {
    const name = /^`([a-z0-9/.-]+)`$/.exec(row[0] ?? '')?.[1];
    if (!name) throw new Error(`folder table row without a \`path\` first cell: | ${row.join(' | ')} |`);
    return { path: name, part: row[1] ?? '', holds: row[2] ?? '' };
  });
}

const table = folderTable();
const entries = readdirSync(SRC, { withFileTypes: true });
const onDisk = [
  ...entries.filter((e) => e.isDirectory()).map((e) => `${e.name}/`),
  ...entries.filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')).map((e) => e.name),
].sort();
const partOf = (rule: string) => rule.replace('-', ' ');

describe("docs/studio.md's folder map", () => {
  it('names every folder and root file of apps/studio/src once, and nothing that is not there', () => {
    const top = table.map((row) => row.path).filter((p) => !p.slice(0, -1).includes('/'));
    expect(top.filter((p, i) => top.indexOf(p) !== i)).toEqual([]);
    expect(top.sort()).toEqual(onDisk);
    for (const row of table.filter((r) => !top.includes(r.path)))
      expect(existsSync(path.join(SRC, row.path)), row.path).toBe(true);
    for (const row of table) expect(row.holds.length, row.path).toBeGreaterThan(20);
  });

  it('puts each folder in the part the dependency rules enforce for it', () => {
    const parts = new Map(table.map((row) => [row.path.split('/')[0], row.part]));
    for (const product of rules.studio.products)
      expect(parts.get(product.server), product.server).toBe(partOf(product.rule));
    expect(parts.get('kit')).toBe('kit');
    expect(parts.get('client')).toBe('pages');
    const assembly = table.filter((row) => row.part === 'assembly').map((row) => row.path.replace(/\.ts$/, ''));
    expect(assembly.sort()).toEqual([...rules.studio.rootFiles].sort());
    const known = new Set(['kit', 'pages', 'assembly', ...rules.studio.products.map((p) => partOf(p.rule))]);
    expect(table.filter((row) => !known.has(row.part)).map((row) => row.path)).toEqual([]);
  });

  it("lists every product's page folders among the pages that exist", () => {
    const pages = readdirSync(path.join(SRC, 'client'), { withFileTypes: true })
      // A folder of words (kit-words/, game-words/) holds data, not pages.
      .filter((e) => e.isDirectory() && readdirSync(path.join(SRC, 'client', e.name)).some((f) => f.endsWith('.ts')))
      .map((e) => e.name)
      .sort();
    expect(rules.studio.products.flatMap((p) => p.pages).sort()).toEqual(pages);
  });
});

// The studio's SQL lives in `*.queries.ts` files and `kit/db/` (docs/studio.md "Queries"), as the
// server's does: the files that decide (rounds, placing, seating) read as rules, and every statement
// one product runs can be read in one place. Tests and their support files (`test-*.ts`) keep their
// own SQL to check what was written.
const SQL_STARTS = [
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom|executeQuery)\(/,
  /(^|[^\w.])sql(`|<|\.(raw|ref|lit|id|table|join|val)\b)/,
];

/** The lines of `source` that start SQL, comments and strings aside, as `line: text`. */
function sqlLines(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`])\/\/.*$/, '$1').replace(/'(?:[^'\\]|\\.)*'/g, "''"));
  return code.flatMap((line, i) => (SQL_STARTS.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

function studioSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === path.join(SRC, 'kit/db') ? [] : studioSources(full);
    const support = e.name.endsWith('.test.ts') || e.name.startsWith('test-');
    const sqlFile = e.name.endsWith('.queries.ts') || e.name.endsWith('.migrations.ts');
    return e.name.endsWith('.ts') && !support && !sqlFile ? [full] : [];
  });
}

describe('queries only in *.queries.ts', () => {
  it('finds the statements it looks for, and not their names in comments or strings', () => {
    const planted = [
      'const a = await db.selectFrom("t").selectAll().execute();',
      '  await trx',
      '    .updateTable("studio_seats")',
      'await sql`select 1`.execute(db);',
      'const c = sql<number>`count(*)`;',
      'const r = sql.ref("x");',
      '// db.insertInto("t") in a comment',
      "const said = 'call .deleteFrom( here';",
      '/* sql`x` */ const mySql = 1;',
    ].join('\n');
    expect(sqlLines(planted).map((l) => Number(l.split(':')[0]))).toEqual([1, 3, 4, 5, 6]);
  });

  it('leaves no SQL in any other studio file (migrations, kit/db/ and tests aside)', () => {
    const found = studioSources(SRC).flatMap((file) =>
      sqlLines(readFileSync(file, 'utf8')).map((line) => `${path.relative(SRC, file)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});

// docs/studio.md "Paying a player: one deliverer": every wallet call that moves money goes out
// through kit/outbound.ts, so a money review, a retry rule or a vendor API change is made once.
/** The wallet money calls in `source` (a call split over lines too), comments aside. */
function walletMoneyCalls(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\s*\n\s*\./g, '.');
  return [...code.matchAll(/\.wallet\.(bet|win|rollback|resettle)\(/g)].map((m) => m[1] ?? '');
}

describe('one way to pay', () => {
  it('finds a wallet money call, split over lines too, and not a balance call or one in a comment', () => {
    const planted = [
      'const a = await deps.wallet.win({ amount });',
      'await this.#deps.wallet',
      '  .bet(call);',
      'const b = await deps.wallet.balance(vendor, who);',
      '// then deps.wallet.resettle(c) corrects it',
      'await core.deps.wallet.rollback(x);',
    ].join('\n');
    expect(walletMoneyCalls(planted)).toEqual(['win', 'bet', 'rollback']);
  });

  it('sends every stake, win, rollback and resettle through kit/outbound.ts', () => {
    const found = studioSources(SRC)
      .filter((file) => path.relative(SRC, file) !== path.join('kit', 'outbound.ts'))
      .flatMap((file) =>
        walletMoneyCalls(readFileSync(file, 'utf8')).map((call) => `${path.relative(SRC, file)}: ${call}`),
      );
    expect(found).toEqual([]);
  });
});

// The pages follow the slot page's pattern (docs/studio.md "Pages"): state, scene, controls and lists,
// each function small enough to read whole. A function over this many lines is a page that grew back
// into one closure.
const MAX_PAGE_FUNCTION_LINES = 150;

/** The functions of `source` longer than `max` lines, as `name (lines) at line`. */
function longFunctions(file: string, source: string, max: number): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const from = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      const to = tree.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      if (to - from + 1 > max) found.push(`${name} (${to - from + 1} lines) at line ${from + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("the pages' functions", () => {
  it('finds a function over the limit, and not one at it', () => {
    const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const source = `function long() {\n${body(151)}\n}\nconst short = () => {\n${body(150)}\n};\n`;
    expect(longFunctions('x.ts', source, 150)).toEqual(['long (151 lines) at line 1']);
  });

  it(`have none over ${MAX_PAGE_FUNCTION_LINES} lines in apps/studio/src/client`, () => {
    const client = path.join(SRC, 'client');
    const files = readdirSync(client, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(client, f));
    const found = files.flatMap((file) =>
      longFunctions(file, readFileSync(file, 'utf8'), MAX_PAGE_FUNCTION_LINES).map(
        (at) => `${path.relative(client, file)}: ${at}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
