import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Migration } from 'kysely/migration';
import { git } from './previous-release';

// The expand and contract rule of migrations (docs/operations.md "Upgrades"): a migration the
// previous release has not run must leave it working, since its nodes serve on the migrated schema
// until the last is replaced. So a new migration adds; it removes or changes only what no code of
// the previous release reads, in a contract step it declares:
//
//   export const contract = ['games.search_text', 'games_search_text()'];
//
// naming each table, `table.column`, function, view or type it drops, renames or retypes, each
// function overload it drops by its arguments (`ledger_post(jsonb, text)`), and each column it makes
// NOT NULL without a default (there, the claim is that the previous release writes the column on
// every insert). The check (db/expand-contract.test.ts) refuses a contract step whose object the
// previous release's code or this code still names.

export type Finding = { rule: string; object: string; statement: string };

/** Finds the statements that can break the previous release, in one migration's SQL, in order. */
export function findBreakingChanges(statements: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const defaults = new Set<string>();
  for (const original of statements) {
    const text = normalise(original);
    const statement = original.trim().replace(/\s+/g, ' ').slice(0, 200);
    const found = (rule: string, object: string) => findings.push({ rule, object, statement });

    const dropped =
      /^drop (table|view|materialized view|function|procedure|type|schema|sequence) (?:if exists )?(.+)$/.exec(text);
    if (dropped) {
      for (const part of topLevelParts((dropped[2] as string).replace(/ (cascade|restrict)$/, ''))) {
        // A function dropped with its arguments is one overload: the others may stay in use.
        const [, name, args] = /^([^(]+?)\s*(\(.*\))?$/.exec(part) ?? [];
        found(`drop ${dropped[1]}`, `${bareName(name ?? part)}${args ? args.replace(/\s*,\s*/g, ', ') : ''}`);
      }
      continue;
    }
    const renamed =
      /^alter (view|materialized view|function|procedure|type|schema) (?:if exists )?(\S+?)(?:\(.*\))? rename /.exec(
        text,
      );
    if (renamed) {
      found(`rename ${renamed[1]}`, bareName(renamed[2] as string));
      continue;
    }
    const altered = /^alter table (?:if exists )?(?:only )?(\S+) (.+)$/.exec(text);
    if (!altered) continue;
    const table = bareName(altered[1] as string);
    for (const action of topLevelParts(altered[2] as string)) {
      const column = (m: RegExpExecArray) => `${table}.${bareName(m[1] as string)}`;
      const actions: [RegExp, (m: RegExpExecArray) => void][] = [
        [/^rename to /, () => found('rename table', table)],
        [/^rename (?:column )?(?!constraint )(\S+) to /, (m) => found('rename column', column(m))],
        [/^drop (?:column )?(?!constraint )(?:if exists )?(\S+)/, (m) => found('drop column', column(m))],
        [/^alter (?:column )?(\S+) (?:set data )?type /, (m) => found('change column type', column(m))],
        [/^alter (?:column )?(\S+) set default /, (m) => defaults.add(column(m))],
        [/^alter (?:column )?(\S+) drop default/, (m) => found('drop default', column(m))],
        [
          /^alter (?:column )?(\S+) set not null/,
          (m) => {
            if (!defaults.has(column(m))) found('set not null without a default', column(m));
          },
        ],
        [
          /^add (?:column )?(?!constraint )(?:if not exists )?(\S+) (.+)$/,
          (m) => {
            const definition = ` ${m[2]} `;
            const filled = / default |^ (small|big)?serial\b| generated /.test(definition);
            if (/ not null\b/.test(definition) && !filled) found('add a not null column without a default', column(m));
          },
        ],
      ];
      for (const [pattern, handle] of actions) {
        const m = pattern.exec(action);
        if (m) {
          handle(m);
          break;
        }
      }
    }
  }
  return findings;
}

/** Lower case, no comments, string and dollar-quoted bodies emptied, one space between words. */
function normalise(statement: string): string {
  return statement
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "''")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '')
    .toLowerCase();
}

/** Splits at commas outside parentheses. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

/** `public."games"` -> `games`. */
function bareName(name: string): string {
  return (name.split('.').pop() ?? name).replace(/"/g, '');
}

/**
 * The SQL a migration's `up` sends, recorded by running it on a connection that executes nothing
 * and answers every query with no rows (a migration that needs rows back to decide fails here).
 */
export async function recordUp(migration: Migration): Promise<string[]> {
  const statements: string[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  try {
    await migration.up(db);
  } finally {
    await db.destroy();
  }
  return statements;
}

/** Where code reads objects: the server's sources, without the migrations and the tests. */
const CODE = [
  'apps/server/src',
  ':(exclude)apps/server/src/db/migrations',
  ':(exclude)apps/server/src/test',
  ':(exclude)*.test.ts',
];

/**
 * The files of the code under test (`commit` undefined: the working tree, untracked files too) or
 * of a commit that name an object: a table, function, view or type by its name, a column where its
 * table's name is too (a query names both).
 */
export function filesNaming(object: string, commit?: string): string[] {
  const words = object.split('.').flatMap((word) => ['-e', word]);
  const where = commit ? [commit, '--', ...CODE] : ['--untracked', '--', ...CODE];
  const out = git(['grep', '-l', '-w', '--all-match', ...words, ...where], { nothingFound: '' });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => (commit ? line.slice(commit.length + 1) : line));
}

export type NewMigration = { name: string; migration: Migration };

/**
 * What breaks the rule among the migrations the previous release has not run: a finding its
 * migration does not declare in `contract`, a declared object nothing of it touches, and a
 * dropped, renamed or retyped object that the previous release's code or this code still names.
 */
export async function checkNewMigrations(
  news: readonly NewMigration[],
  release: { commit: string },
): Promise<string[]> {
  const problems: string[] = [];
  for (const { name, migration } of news) {
    let findings: Finding[];
    try {
      findings = findBreakingChanges(await recordUp(migration));
    } catch (error) {
      problems.push(`${name}: its up() could not be read without a database (${String(error)})`);
      continue;
    }
    const declared = (migration as { contract?: unknown }).contract;
    const contract = Array.isArray(declared) ? declared.map(String) : [];
    for (const f of findings) {
      if (!contract.includes(f.object)) {
        problems.push(
          `${name}: ${f.rule} ${f.object} breaks the previous release (${f.statement}); expand instead, or ` +
            `declare the contract step: export const contract = ['${f.object}']`,
        );
      }
    }
    for (const object of contract) {
      const own = findings.filter((f) => f.object === object);
      if (own.length === 0) {
        problems.push(`${name}: contract names ${object}, which the migration does not drop, rename or change`);
        continue;
      }
      // What no search of the code can tell apart is taken on the migration's word: whether the
      // previous release writes a column on every insert, and which overload of a function its
      // calls take. The mixed-version run (rolling-upgrade.test.ts) is the proof of those.
      if (object.includes('(') || own.every((f) => f.rule.includes('not null'))) continue;
      for (const [who, commit] of [
        ['the previous release', release.commit],
        ['this code', undefined],
      ] as const) {
        const files = filesNaming(object, commit);
        if (files.length > 0) {
          problems.push(
            `${name}: contract step on ${object}, which ${who} still names in ${files.slice(0, 5).join(', ')}`,
          );
        }
      }
    }
  }
  return problems;
}
