import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Feedback's bounds count words now (brand settings feedbackMinWords and feedbackMaxWords, docs/
// messages.md "Feedback"). A bound in characters says nothing of one in words, so the old settings
// are removed rather than carried over: a brand that set them starts from the defaults, 3..300 words.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DELETE FROM brand_settings WHERE key IN ('feedbackMinLength', 'feedbackMaxLength');`);
}

// Nothing to put back: the old settings' defaults (10..500 characters) apply again without rows.
export async function down(_db: Kysely<unknown>): Promise<void> {}
