import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { LegalKindColumn } from './legal.tables';

// The legal pages' tables (legal.tables.ts): versions, their texts, and the members' acceptances.

const VERSION_COLUMNS = [
  'v.id',
  'v.kind',
  'v.version',
  'v.status',
  'v.summary',
  'v.acceptance_required',
  'v.created_at',
  'v.published_at',
] as const;

/** Published versions of a kind, newest first. */
export function listPublished(db: Conn, kind: LegalKindColumn) {
  return db
    .selectFrom('legal_versions as v')
    .select(VERSION_COLUMNS)
    .where('v.kind', '=', kind)
    .where('v.status', '=', 'published')
    .orderBy('v.version', 'desc')
    .execute();
}

export type VersionRow = Awaited<ReturnType<typeof listPublished>>[number];

/** A version's text in the first of `languages` it has, or undefined when it has none of them. */
export async function textIn(db: Conn, versionId: number, languages: string[]) {
  const rows = await db
    .selectFrom('legal_texts')
    .select(['language', 'title', 'body'])
    .where('version_id', '=', versionId)
    .where('language', 'in', languages)
    .execute();
  for (const language of languages) {
    const row = rows.find((r) => r.language === language);
    if (row) return row;
  }
  return undefined;
}

export function textsOf(db: Conn, versionId: number) {
  return db
    .selectFrom('legal_texts')
    .select(['language', 'title', 'body'])
    .where('version_id', '=', versionId)
    .orderBy('language')
    .execute();
}

/**
 * The version of the terms this member must accept, or undefined: the newest published version
 * that asks for acceptance, when the member registered before it was published (a registration
 * accepts the terms of its day) and has accepted neither it nor a later version.
 */
export async function dueTermsVersion(db: Conn, memberId: number): Promise<number | undefined> {
  const { rows } = await sql<{ version: number }>`
    WITH required AS (
      SELECT version, published_at FROM legal_versions
      WHERE kind = 'terms' AND status = 'published' AND acceptance_required
      ORDER BY version DESC LIMIT 1
    )
    SELECT r.version FROM required r JOIN members m ON m.id = ${memberId}
    WHERE m.created_at < r.published_at
      AND NOT EXISTS (
        SELECT 1 FROM legal_acceptances a JOIN legal_versions av ON av.id = a.version_id
        WHERE a.member_id = ${memberId} AND av.kind = 'terms' AND av.version >= r.version
      )`.execute(db);
  const version = rows[0]?.version;
  return version === undefined ? undefined : Number(version);
}

/** Records an acceptance; accepting the same version again keeps the first record. */
export async function insertAcceptance(
  db: Conn,
  row: { memberId: number; versionId: number; at: Date; ip: string | null; userAgent: string | null },
) {
  await db
    .insertInto('legal_acceptances')
    .values({
      member_id: row.memberId,
      version_id: row.versionId,
      accepted_at: row.at,
      ip: row.ip,
      user_agent: row.userAgent,
    })
    .onConflict((oc) => oc.columns(['member_id', 'version_id']).doNothing())
    .execute();
  return db
    .selectFrom('legal_acceptances')
    .select('accepted_at')
    .where('member_id', '=', row.memberId)
    .where('version_id', '=', row.versionId)
    .executeTakeFirstOrThrow();
}

// ---- back office

function adminVersions(db: Conn) {
  return db
    .selectFrom('legal_versions as v')
    .leftJoin('members as c', 'c.id', 'v.created_by')
    .leftJoin('members as p', 'p.id', 'v.published_by')
    .select([
      ...VERSION_COLUMNS,
      'c.username as created_by_name',
      'p.username as published_by_name',
      (eb) =>
        eb
          .selectFrom('legal_texts as t')
          .select(sql<string>`coalesce(string_agg(t.language, ',' ORDER BY t.language), '')`.as('l'))
          .whereRef('t.version_id', '=', 'v.id')
          .as('languages'),
      (eb) =>
        eb
          .selectFrom('legal_acceptances as a')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .whereRef('a.version_id', '=', 'v.id')
          .as('acceptances'),
    ]);
}

export type AdminVersionRow = NonNullable<Awaited<ReturnType<typeof findVersion>>>;

export function listVersions(db: Conn, kind?: LegalKindColumn) {
  let q = adminVersions(db);
  if (kind) q = q.where('v.kind', '=', kind);
  return q.orderBy('v.kind').orderBy('v.version', 'desc').execute();
}

export function findVersion(db: Conn, id: number) {
  return adminVersions(db).where('v.id', '=', id).executeTakeFirst();
}

/** Locks the version's row for the change that follows (a draft edited or published twice at once). */
export function lockVersion(db: Conn, id: number) {
  return db
    .selectFrom('legal_versions')
    .select(['id', 'kind', 'version', 'status', 'summary', 'acceptance_required'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findDraftId(db: Conn, kind: LegalKindColumn) {
  return db
    .selectFrom('legal_versions')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'draft')
    .executeTakeFirst();
}

export async function nextVersionNumber(db: Conn, kind: LegalKindColumn): Promise<number> {
  const row = await db
    .selectFrom('legal_versions')
    .select((eb) => eb.fn.max('version').as('top'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

export async function insertDraft(
  db: Conn,
  row: {
    kind: LegalKindColumn;
    version: number;
    summary: string;
    acceptanceRequired: boolean;
    createdBy: number | null;
    at: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('legal_versions')
    .values({
      kind: row.kind,
      version: row.version,
      summary: row.summary,
      acceptance_required: row.acceptanceRequired,
      created_by: row.createdBy,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function copyTexts(db: Conn, fromVersionId: number, toVersionId: number) {
  await db
    .insertInto('legal_texts')
    .columns(['version_id', 'language', 'title', 'body'])
    .expression((eb) =>
      eb
        .selectFrom('legal_texts')
        .select([sql.lit(toVersionId).as('version_id'), 'language', 'title', 'body'])
        .where('version_id', '=', fromVersionId),
    )
    .execute();
}

export async function updateDraft(db: Conn, id: number, values: { summary: string; acceptanceRequired: boolean }) {
  await db
    .updateTable('legal_versions')
    .set({ summary: values.summary, acceptance_required: values.acceptanceRequired })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .execute();
}

export async function replaceTexts(
  db: Conn,
  versionId: number,
  texts: readonly { language: string; title: string; body: string }[],
) {
  await db.deleteFrom('legal_texts').where('version_id', '=', versionId).execute();
  if (texts.length > 0)
    await db
      .insertInto('legal_texts')
      .values(texts.map((t) => ({ version_id: versionId, language: t.language, title: t.title, body: t.body })))
      .execute();
}

export async function markPublished(db: Conn, id: number, by: number, at: Date) {
  await db
    .updateTable('legal_versions')
    .set({ status: 'published', published_at: at, published_by: by })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .execute();
}

export async function deleteDraft(db: Conn, id: number) {
  await db.deleteFrom('legal_versions').where('id', '=', id).where('status', '=', 'draft').execute();
}
