// `npm run ledger:verify`: checks the ledger invariants and the points ledger's
// on the configured database (DATABASE_URL, else the PGlite database under DATA_DIR) and exits 1 on
// any violation of either.
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { verifyPointsLedger } from '../apps/server/src/modules/ledger/points-ledger.service';

const config = loadConfig();
const database = await openDatabase(config);
let exitCode = 0;
try {
  const report = await verifyLedger(database.db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const c = report.counts;
  console.log(`ledger:verify on ${where}`);
  console.log(`  ${c.accounts} accounts, ${c.postings} postings, ${c.entries} entries, ${c.openHolds} open holds`);
  if (report.ok) {
    console.log('  OK: balances match their entries, postings sum to zero, no member balance negative, holds match');
  } else {
    exitCode = 1;
    console.log(`  ${report.violations.length} violation(s):`);
    for (const v of report.violations.slice(0, 100)) console.log(`  - ${v}`);
    if (report.violations.length > 100) console.log(`  ... and ${report.violations.length - 100} more`);
  }
  const points = await verifyPointsLedger(database.db);
  const pc = points.counts;
  console.log(`  points: ${pc.accounts} accounts, ${pc.postings} postings, ${pc.entries} entries`);
  if (points.ok) {
    console.log('  OK: points balances match their entries, points postings sum to zero, no member points negative');
  } else {
    exitCode = 1;
    console.log(`  ${points.violations.length} points violation(s):`);
    for (const v of points.violations.slice(0, 100)) console.log(`  - ${v}`);
    if (points.violations.length > 100) console.log(`  ... and ${points.violations.length - 100} more`);
  }
} catch (error) {
  exitCode = 1;
  console.error(`ledger:verify failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(exitCode);
