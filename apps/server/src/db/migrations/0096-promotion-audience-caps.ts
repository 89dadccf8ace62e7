import { type Kysely, sql } from 'kysely';
import { vendorBet } from './0055-vendor-call-function';
import { withEvents } from './0057-vendor-events-after-commit';
import { runStatements } from './run-statements';
import { withEdits } from './sql-edits';

// Promotions aimed and capped (docs/rewards.md "Audience, caps and maximum bet"):
// - promotions.image_id: the promotion's image, uploaded by an operator into promotion_images and
//   served from the database (GET /media/promotions/<id>.<ext>), so every node serves it;
// - bonus_wagers.max_bet: the promotion's maximum bet, copied at the claim as the other wagering
//   terms are (a later change of the promotion does not move a claimed bonus's terms);
// - vendor_bet refuses a bet above the smallest max_bet of the member's active wagers with
//   ERROR_BONUS_MAX_BET, kept as its other refusals are. The read is one probe of the partial
//   index bonus_wagers_member (member_id, id) WHERE state = 'active', empty for most members.
//   The gateway's own transaction (a bet touching bonus, a member with responsible-play settings)
//   asks the rewards module the same question.

const withMaxBet = (text: string) =>
  withEdits('0096 vendor_bet', text, [
    ['CREATE FUNCTION vendor_bet(', 'CREATE OR REPLACE FUNCTION vendor_bet('],
    [
      'EXISTS (SELECT 1 FROM responsible_settings rs WHERE rs.member_id = p_member) AS responsible',
      `EXISTS (SELECT 1 FROM responsible_settings rs WHERE rs.member_id = p_member) AS responsible,
         (SELECT min(w.max_bet) FROM bonus_wagers w
           WHERE w.member_id = p_member AND w.state = 'active') AS bonus_max_bet`,
    ],
    [
      '  ELSIF c.responsible THEN',
      `  ELSIF c.bonus_max_bet IS NOT NULL AND p_amount > c.bonus_max_bet THEN
    refusal := 'ERROR_BONUS_MAX_BET';
  ELSIF c.responsible THEN`,
    ],
  ]);

const replaceOnly = (text: string) =>
  withEdits('0096 vendor_bet down', text, [['CREATE FUNCTION vendor_bet(', 'CREATE OR REPLACE FUNCTION vendor_bet(']]);

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE promotion_images (
      id bigserial PRIMARY KEY,
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
      data bytea NOT NULL,
      sha256 text NOT NULL,
      uploaded_by bigint REFERENCES members (id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE promotions ADD COLUMN image_id bigint REFERENCES promotion_images (id);
    ALTER TABLE bonus_wagers ADD COLUMN max_bet bigint CHECK (max_bet > 0);
    `,
  );
  // One statement (its body has semicolons at line ends, so not through runStatements).
  await sql.raw(withMaxBet(withEvents('0057 vendor_bet', vendorBet))).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(replaceOnly(withEvents('0057 vendor_bet', vendorBet))).execute(db);
  await runStatements(
    db,
    `
    ALTER TABLE bonus_wagers DROP COLUMN max_bet;
    ALTER TABLE promotions DROP COLUMN image_id;
    DROP TABLE promotion_images;
    `,
  );
}
