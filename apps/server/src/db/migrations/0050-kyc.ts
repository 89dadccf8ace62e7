import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// KYC identity verification (docs/kyc.md). The level is never stored: it is computed
// from the facts below (modules/kyc/kyc.service.ts levelOf).
// - kyc_documents: one row per upload (identity front/back, selfie, proof of address) with its
//   bytes (images re-encoded on upload, metadata stripped) and the review: pending, approved or
//   rejected with a reason. Served only through authorised routes, never a public URL.
// - kyc_identities: per member, the name and birthday the member entered at KYC, and once an
//   operator approves the identity document, the verified name and birthday; an under-age result
//   records when the account was closed and how much of its deposits went back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE kyc_documents (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('id_front', 'id_back', 'selfie', 'proof_of_address')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'application/pdf')),
      byte_size integer NOT NULL CHECK (byte_size > 0),
      data bytea NOT NULL,
      reason text,
      reviewed_by bigint REFERENCES members(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'rejected') = (reason IS NOT NULL))
    );
    CREATE INDEX kyc_documents_member ON kyc_documents (member_id, kind, id DESC);
    CREATE INDEX kyc_documents_pending ON kyc_documents (id) WHERE status = 'pending';

    CREATE TABLE kyc_identities (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      entered_name text NOT NULL,
      entered_birthday date NOT NULL,
      verified_name text,
      verified_birthday date,
      verified_by bigint REFERENCES members(id),
      verified_at timestamptz,
      under_age_closed_at timestamptz,
      refunded_amount bigint,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((verified_name IS NULL) = (verified_at IS NULL))
    );
    `,
  );
}
