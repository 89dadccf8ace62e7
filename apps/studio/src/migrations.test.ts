import { describe, expect, it } from 'vitest';
import { kitMigrations, studioMigrationList } from './kit/db/migrations';
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
    ]);
  });

  it('refuse a name that two parts list', () => {
    const again = { '0005-studio-leases': kitMigrations['0005-studio-leases']! };
    expect(() => studioMigrationList([...studioMigrations, again])).toThrow(
      /0005-studio-leases is listed by two parts/,
    );
  });
});
