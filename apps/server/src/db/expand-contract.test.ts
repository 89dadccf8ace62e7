import { describe, expect, it } from 'vitest';
import { checkNewMigrations, filesNaming, findBreakingChanges, recordUp } from '../test/expand-contract';
import { git, previousRelease } from '../test/previous-release';
import { migrations } from './migrate';
import { runStatements } from './migrations/run-statements';

// The expand and contract rule (test/expand-contract.ts, docs/operations.md "Upgrades") on the
// migrations the previous release has not run, and the rule itself on statements it must refuse
// and must let through.

const rules = (sql: string) =>
  findBreakingChanges(sql.split(/;\s*$/m).filter((s) => s.trim())).map((f) => `${f.rule}: ${f.object}`);

describe('expand and contract', () => {
  it('lets the migrations the previous release has not run leave it working', async () => {
    const release = previousRelease(Object.keys(migrations));
    const news = Object.entries(migrations)
      .filter(([name]) => !release.migrations.includes(name))
      .map(([name, migration]) => ({ name, migration }));
    expect(news.length, `${release.subject} lists every migration this code lists`).toBeGreaterThan(0);
    expect(await checkNewMigrations(news, release)).toEqual([]);
  });

  it('fails, saying why, where git is missing', () => {
    const path = process.env.PATH;
    process.env.PATH = '';
    try {
      expect(() => git(['log', '-1'])).toThrow('git is not installed: the upgrade checks need the repository history');
    } finally {
      process.env.PATH = path;
    }
  });

  it('refuses what breaks the code of the previous release', () => {
    expect(
      rules(`
        DROP TABLE catalogue_syncs, "public"."old_things" CASCADE;
        ALTER TABLE games DROP COLUMN search_text, DROP IF EXISTS rtp;
        ALTER TABLE ONLY games RENAME COLUMN image_url TO picture_url;
        ALTER TABLE vendors RENAME TO providers;
        ALTER TABLE games ALTER COLUMN rtp_hundredths TYPE bigint;
        ALTER TABLE games ALTER rtp_hundredths SET DATA TYPE numeric(6, 2);
        ALTER TABLE members ALTER COLUMN email SET NOT NULL;
        ALTER TABLE members ALTER COLUMN status DROP DEFAULT;
        ALTER TABLE members ADD COLUMN nickname text NOT NULL;
        DROP FUNCTION ledger_post(jsonb, text) CASCADE;
        DROP VIEW IF EXISTS member_totals;
        DROP FUNCTION IF EXISTS purge;
        ALTER FUNCTION ledger_apply(bigint) RENAME TO ledger_apply_v1;
      `),
    ).toEqual([
      'drop table: catalogue_syncs',
      'drop table: old_things',
      'drop column: games.search_text',
      'drop column: games.rtp',
      'rename column: games.image_url',
      'rename table: vendors',
      'change column type: games.rtp_hundredths',
      'change column type: games.rtp_hundredths',
      'set not null without a default: members.email',
      'drop default: members.status',
      'add a not null column without a default: members.nickname',
      'drop function: ledger_post(jsonb, text)',
      'drop view: member_totals',
      'drop function: purge',
      'rename function: ledger_apply',
    ]);
  });

  it('lets through what only adds, and words in bodies, strings and comments', () => {
    expect(
      rules(`
        CREATE TABLE catalogue_syncs (id bigserial PRIMARY KEY, vendor_code text NOT NULL);
        ALTER TABLE games ADD COLUMN image_url text, ADD COLUMN held boolean NOT NULL DEFAULT false;
        ALTER TABLE games ADD COLUMN n bigserial NOT NULL, ADD CONSTRAINT games_n CHECK (n > 0);
        ALTER TABLE games ALTER COLUMN held SET DEFAULT false;
        ALTER TABLE games ALTER COLUMN held SET NOT NULL;
        ALTER TABLE games DROP CONSTRAINT games_n, ALTER COLUMN image_url DROP NOT NULL;
        ALTER INDEX games_vendor RENAME TO games_by_vendor;
        DROP INDEX games_old_index;
        CREATE OR REPLACE FUNCTION purge() RETURNS void LANGUAGE plpgsql AS $$ BEGIN DROP TABLE scratch; END $$;
        COMMENT ON COLUMN games.held IS 'was: ALTER TABLE games DROP COLUMN held';
        -- DROP TABLE games;
        INSERT INTO brand_settings (key, value) VALUES ('x', 'DROP TABLE members')
      `),
    ).toEqual([]);
  });

  it('reads the SQL an up() sends without a database', async () => {
    const statements = await recordUp({
      up: (db) => runStatements(db, 'ALTER TABLE games ADD COLUMN a text;\nALTER TABLE games DROP COLUMN b;'),
    });
    expect(statements).toEqual(['ALTER TABLE games ADD COLUMN a text', 'ALTER TABLE games DROP COLUMN b']);
  });

  it('refuses an undeclared step, a contract on what code still names, and a contract on nothing', async () => {
    const release = previousRelease(Object.keys(migrations));
    const step = (sql: string, contract?: string[]) => ({
      up: (db: Parameters<typeof runStatements>[0]) => runStatements(db, sql),
      ...(contract ? { contract } : {}),
    });
    expect(filesNaming('members.username').length).toBeGreaterThan(0);
    expect(filesNaming('members.no_such_column_anywhere')).toEqual([]);
    const problems = await checkNewMigrations(
      [
        { name: '9001-undeclared', migration: step('ALTER TABLE games DROP COLUMN no_such_column_anywhere;') },
        {
          name: '9002-declared',
          migration: step('ALTER TABLE games DROP COLUMN no_such_column_anywhere;', ['games.no_such_column_anywhere']),
        },
        {
          name: '9003-still-read',
          migration: step('ALTER TABLE members DROP COLUMN username;', ['members.username']),
        },
        { name: '9004-stale', migration: step('ALTER TABLE games ADD COLUMN a text;', ['games.b']) },
      ],
      release,
    );
    expect(problems.map((p) => p.replace(/ still names in .*$/, ' still names'))).toEqual([
      "9001-undeclared: drop column games.no_such_column_anywhere breaks the previous release (ALTER TABLE games DROP COLUMN no_such_column_anywhere); expand instead, or declare the contract step: export const contract = ['games.no_such_column_anywhere']",
      '9003-still-read: contract step on members.username, which the previous release still names',
      '9003-still-read: contract step on members.username, which this code still names',
      '9004-stale: contract names games.b, which the migration does not drop, rename or change',
    ]);
  });
});
