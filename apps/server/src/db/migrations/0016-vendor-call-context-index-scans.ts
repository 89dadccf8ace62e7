import { type Kysely, sql } from 'kysely';
import { vendorCallContextFunction } from './0014-vendor-call-context';
import { withEdits } from './sql-edits';

// vendor_call_context (0014) looked the known transactions up with one condition,
//   transaction_id = ANY (ids) OR (p_rollbacks_of IS NOT NULL AND ref_transaction_id = p_rollbacks_of ...),
// and PL/pgSQL keeps a generic plan for it: for that OR the plan walked every row of the vendor
// (its index on vendor_code alone, the rest as a filter: 800 rows read to find none in a probe), so
// each money call grew slower with the vendor's history. The function now takes the call's own
// transactionId, the other id it refers to (the bet a win pays or a rollback reverses) and the id
// whose rollbacks a bet looks for as three scalars, and looks each up by equality on the whole
// unique key (vendor_code, transaction_id) or on the ref index (vendor_code, ref_transaction_id),
// each later lookup leaving out what an earlier one found: the same rows, each found by one index
// probe whatever the statistics say. A NULL id finds nothing.
export const vendorCallContext0016 = withEdits('0016', vendorCallContextFunction, [
  ['  p_transaction_ids text[],\n', '  p_transaction_id text,\n  p_other_id text,\n'],
  [
    `            FROM vendor_transactions t
           WHERE t.vendor_code = p_vendor
             AND (t.transaction_id = ANY (p_transaction_ids)
                  OR (p_rollbacks_of IS NOT NULL AND t.ref_transaction_id = p_rollbacks_of AND t.kind = 'rollback')))
`,
    `            FROM (SELECT * FROM vendor_transactions k
                   WHERE k.vendor_code = p_vendor AND k.transaction_id = p_transaction_id
                  UNION ALL
                  SELECT * FROM vendor_transactions k
                   WHERE k.vendor_code = p_vendor AND k.transaction_id = p_other_id
                     AND p_other_id <> p_transaction_id
                  UNION ALL
                  SELECT * FROM vendor_transactions k
                   WHERE k.vendor_code = p_vendor AND k.ref_transaction_id = p_rollbacks_of AND k.kind = 'rollback'
                     AND k.transaction_id <> p_transaction_id
                     AND k.transaction_id IS DISTINCT FROM p_other_id) AS t)
`,
  ],
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('DROP FUNCTION vendor_call_context(text[], text, bigint, text, text, text, text, text[], text)')
    .execute(db);
  // One statement (its body has semicolons at line ends, so not through runStatements).
  await sql.raw(vendorCallContext0016).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('DROP FUNCTION vendor_call_context(text[], text, bigint, text, text, text, text, text, text, text)')
    .execute(db);
  await sql.raw(vendorCallContextFunction).execute(db);
}
