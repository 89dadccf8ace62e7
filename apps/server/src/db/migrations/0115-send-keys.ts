import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A send to many members is made once per confirmed request (docs/messages.md "Sending to many"):
// the form's idempotency key is kept on the broadcast or campaign it made, unique, so a second press
// or a retried request, even one running at the same time, finds the first send instead of making
// another. Rows sent before keys existed have none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE broadcasts ADD COLUMN send_key text;
    CREATE UNIQUE INDEX broadcasts_send_key ON broadcasts (send_key);
    ALTER TABLE campaigns ADD COLUMN send_key text;
    CREATE UNIQUE INDEX campaigns_send_key ON campaigns (send_key);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX campaigns_send_key;
    ALTER TABLE campaigns DROP COLUMN send_key;
    DROP INDEX broadcasts_send_key;
    ALTER TABLE broadcasts DROP COLUMN send_key;
    `,
  );
}
