import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import * as m0069 from './migrations/0069-vendor-rounds-wins-index';

// Each index of vendor_rounds and vendor_transactions costs every vendor call an index entry (two
// for a round, which its closing win updates). The ones kept and who reads them:
//   vendor_rounds: pkey; (vendor_code, round_id) the calls' own lookup; (member_id, created_at) a
//     member's records and limits; (created_at) the daily reports and the winner board;
//     (closed_at) of closed rounds, the agents' figures; (member_id) of rounds with an unrisked
//     part (void_amount > 0, migration 0100), the turnover before withdrawal: an entry only for a
//     void, pushed or half bet.
//   vendor_transactions: pkey; (vendor_code, transaction_id) the calls' idempotency; (vendor_code,
//     created_at) reconciliation; (vendor_code, round_id) a rollback's round; rollbacks by the bet
//     they reverse.
// A new index here is a cost on every bet: add it to this list knowingly.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function indexes(table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND tablename = ${table} ORDER BY indexname
  `.execute(t.ctx.db);
  return rows.map((r) => r.name);
}

describe('the bet path indexes', () => {
  it('vendor_rounds and vendor_transactions hold only the indexes their readers use', async () => {
    expect(await indexes('vendor_rounds')).toEqual([
      'agent_rounds_closed_cover',
      'reports_vendor_rounds_created',
      'vendor_rounds_member',
      'vendor_rounds_pkey',
      'vendor_rounds_unrisked',
      'vendor_rounds_vendor_code_round_id_key',
    ]);
    expect(await indexes('vendor_transactions')).toEqual([
      'vendor_transactions_day',
      'vendor_transactions_pkey',
      'vendor_transactions_rollbacks',
      'vendor_transactions_round',
      'vendor_transactions_vendor_code_transaction_id_key',
    ]);
  });

  it('migration 0069 undoes and redoes the winning rounds index', async () => {
    const db = t.ctx.db as unknown as Kysely<unknown>;
    await m0069.down(db);
    expect(await indexes('vendor_rounds')).toContain('vendor_rounds_wins');
    await m0069.up(db);
    expect(await indexes('vendor_rounds')).not.toContain('vendor_rounds_wins');
  });
});
