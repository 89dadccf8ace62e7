import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Feedback from visitors (docs/messages.md "Feedback"): a row without a member carries the e-mail
// the answer is sent to and the language it is written in. A row has a member or an e-mail, never
// neither.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE feedback ALTER COLUMN member_id DROP NOT NULL;
    ALTER TABLE feedback ADD COLUMN contact_email text;
    ALTER TABLE feedback ADD COLUMN language text;
    ALTER TABLE feedback ADD CONSTRAINT feedback_sender CHECK (member_id IS NOT NULL OR contact_email IS NOT NULL);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DELETE FROM feedback_files WHERE feedback_id IN (SELECT id FROM feedback WHERE member_id IS NULL);
    DELETE FROM feedback WHERE member_id IS NULL;
    ALTER TABLE feedback DROP CONSTRAINT feedback_sender;
    ALTER TABLE feedback DROP COLUMN language;
    ALTER TABLE feedback DROP COLUMN contact_email;
    ALTER TABLE feedback ALTER COLUMN member_id SET NOT NULL;
    `,
  );
}
