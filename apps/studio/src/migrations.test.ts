import { describe, expect, it } from 'vitest';
import { openStudioDatabase } from './kit/db/database';
import { kitMigrations, migrateStudio, studioMigrationList } from './kit/db/migrations';
import { studioMigrations } from './plugin';

// Each part keeps its own migrations, but a database knows them only by name: a name lost in a move
// would leave a table missing on a new database, and a name two parts list would hide one of them.

describe("the studio's migrations", () => {
  it('are every migration a studio database has had, each listed by one part', () => {
    expect(Object.keys(studioMigrationList(studioMigrations)).sort()).toEqual([
      '0001-studio',
      '0002-studio-lottery',
      '0003-studio-crash',
      '0004-studio-tables',
      '0005-studio-leases',
      '0006-studio-round-indexes',
      '0007-studio-sportsbook',
      '0008-studio-sb-staker',
      '0009-studio-sb-accept',
      '0011-studio-pvp',
      '0012-studio-pvp-device',
      '0013-studio-pvp-waiting',
      '0014-studio-pvp-tongits',
      '0016-studio-sb-risk-factor',
      '0017-studio-table-valid-bet',
      '0019-studio-pvp-entropy',
      '0020-studio-sb-feed-rejects',
      '0021-studio-session-ends',
      '0022-studio-sb-auto-cashout',
      '0023-studio-pvp-sng',
    ]);
  });

  it('refuse a name that two parts list', () => {
    const again = { '0005-studio-leases': kitMigrations['0005-studio-leases']! };
    expect(() => studioMigrationList([...studioMigrations, again])).toThrow(
      /0005-studio-leases is listed by two parts/,
    );
  });

  it('serve a database a newer version migrated further, and refuse one that is ahead and misses a known one', async () => {
    const handle = await openStudioDatabase({ dataDir: '', migrations: studioMigrations });
    try {
      const newer = { '9999-studio-from-a-newer-version': { up: async () => undefined } };
      await migrateStudio(handle.db, [...studioMigrations, newer]);
      // The previous version (without 9999) starts on it, as during a rolling upgrade.
      await expect(migrateStudio(handle.db, studioMigrations)).resolves.toBeUndefined();
      // Ahead (9999) and behind (a migration it knows that never ran): refused, naming both.
      const known = { '9998-studio-known-here': { up: async () => undefined } };
      await expect(migrateStudio(handle.db, [...studioMigrations, known])).rejects.toThrow(
        /does not know \(9999-studio-from-a-newer-version\) but not 9998-studio-known-here/,
      );
    } finally {
      await handle.close();
    }
  });
});
