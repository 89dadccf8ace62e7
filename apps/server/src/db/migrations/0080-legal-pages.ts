import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The pages a licensed site shows (modules/legal): terms, privacy, responsible gaming, bonus terms,
// cookies, about us and the licence. Each kind has numbered versions; a version holds one text per
// language. An operator edits a draft (at most one per kind) and publishes it; a published version
// and its texts never change again and are never deleted, so what a member was shown and accepted
// stays readable. The triggers keep that promise for every writer, not only the back office.
// legal_acceptances records which version of the terms a member accepted, when and from where.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE legal_versions (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('terms', 'privacy', 'responsible', 'bonus', 'cookies', 'about', 'licence')),
      version integer NOT NULL CHECK (version > 0),
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
      summary text NOT NULL DEFAULT '',
      acceptance_required boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by bigint REFERENCES members (id),
      published_at timestamptz,
      published_by bigint REFERENCES members (id),
      UNIQUE (kind, version),
      CHECK ((status = 'published') = (published_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX legal_versions_one_draft ON legal_versions (kind) WHERE status = 'draft';
    CREATE INDEX legal_versions_published ON legal_versions (kind, version DESC) WHERE status = 'published';
    CREATE TABLE legal_texts (
      version_id bigint NOT NULL REFERENCES legal_versions (id) ON DELETE CASCADE,
      language text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      PRIMARY KEY (version_id, language)
    );
    CREATE TABLE legal_acceptances (
      member_id bigint NOT NULL REFERENCES members (id),
      version_id bigint NOT NULL REFERENCES legal_versions (id),
      accepted_at timestamptz NOT NULL,
      ip text,
      user_agent text,
      PRIMARY KEY (member_id, version_id)
    );
    CREATE INDEX legal_acceptances_version ON legal_acceptances (version_id);
    CREATE FUNCTION legal_version_frozen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF OLD.status = 'published' THEN RAISE EXCEPTION 'legal version % is published and never changes', OLD.id; END IF; IF TG_OP = 'DELETE' THEN RETURN OLD; END IF; RETURN NEW; END $$;
    CREATE TRIGGER legal_versions_frozen BEFORE UPDATE OR DELETE ON legal_versions FOR EACH ROW EXECUTE FUNCTION legal_version_frozen();
    CREATE FUNCTION legal_text_frozen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF EXISTS (SELECT 1 FROM legal_versions v WHERE v.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.version_id ELSE NEW.version_id END) AND v.status = 'published') OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM legal_versions v WHERE v.id = OLD.version_id AND v.status = 'published')) THEN RAISE EXCEPTION 'the texts of a published legal version never change'; END IF; IF TG_OP = 'DELETE' THEN RETURN OLD; END IF; RETURN NEW; END $$;
    CREATE TRIGGER legal_texts_frozen BEFORE INSERT OR UPDATE OR DELETE ON legal_texts FOR EACH ROW EXECUTE FUNCTION legal_text_frozen();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE legal_acceptances;
    DROP TABLE legal_texts;
    DROP TABLE legal_versions;
    DROP FUNCTION legal_text_frozen();
    DROP FUNCTION legal_version_frozen();
    `,
  );
}
