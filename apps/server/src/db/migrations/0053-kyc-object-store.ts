import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// KYC documents are stored as blobs in the database, or in an object store when configured
// (docs/kyc.md "Storage"): a document kept in the object store has its key here and no bytes in
// the row; one kept in the database has its bytes and no key. Rows of either kind stay readable after a switch.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE kyc_documents ADD COLUMN storage_key text;
    ALTER TABLE kyc_documents ALTER COLUMN data DROP NOT NULL;
    ALTER TABLE kyc_documents ADD CONSTRAINT kyc_documents_one_place
      CHECK ((data IS NULL) <> (storage_key IS NULL));
    `,
  );
}
