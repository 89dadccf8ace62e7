import { bootstrap } from '../bootstrap';
import { testConfig } from '../config';
import { settleContracts } from '../modules/agents/settlement.service';

// The settlement run that settlement.crash.test.ts kills with SIGKILL half-way: the hourly
// salaries of the database in CRASH_DATABASE_URL, as the job would settle them.
const ctx = await bootstrap(testConfig({ databaseUrl: process.env.CRASH_DATABASE_URL }), { skipSeed: true });
process.stdout.write('ready\n');
await settleContracts(ctx, [{ kind: 'hourly_salary', period: 'hourly' }]);
process.stdout.write('done\n');
process.exit(0);
