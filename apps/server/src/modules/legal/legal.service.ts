import { createHash } from 'node:crypto';
import type { AdminLegalDraftBody, LegalKind } from '@gamehall/shared/api/legal';
import { LEGAL_KINDS } from '@gamehall/shared/api/legal';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import * as q from './legal.queries';

// The pages a licensed site shows (docs/site.md "Legal pages"). A kind's versions are numbered;
// an operator edits one draft per kind and publishes it, and a published version never changes
// (migration 0080's triggers refuse it). The player site shows the newest published version in the
// reader's language, else in the brand's default language, and lists the older ones.

const USER_AGENT_MAX = 500;

/** The reader's language first, then the brand's default (every published version has a text in it). */
async function languagesFor(ctx: AppContext, language: string | undefined): Promise<string[]> {
  const brand = await getBrand(ctx.db);
  return [...new Set([language?.trim().toUpperCase(), brand.defaultLanguage, 'EN'].filter((l) => !!l))] as string[];
}

export type LegalPageView = {
  kind: LegalKind;
  version: q.VersionRow;
  versions: q.VersionRow[];
  text: { language: string; title: string; body: string };
};

/** A published version (the newest without `version`) with its text in the reader's language or the brand's. */
export async function legalPage(
  ctx: AppContext,
  kind: LegalKind,
  language: string | undefined,
  version?: number,
): Promise<LegalPageView> {
  const versions = await q.listPublished(ctx.db, kind);
  const shown = version === undefined ? versions[0] : versions.find((v) => v.version === version);
  if (!shown) throw new AppError('CONTENT_NOT_FOUND');
  const text =
    (await q.textIn(ctx.db, shown.id, await languagesFor(ctx, language))) ??
    // The brand's default language changed after publishing: any text beats none.
    (await q.textsOf(ctx.db, shown.id))[0];
  if (!text) throw new AppError('CONTENT_NOT_FOUND');
  return { kind, version: shown, versions, text };
}

/** Trial accounts play with no money and operators never use the site: neither is asked. */
function asked(principal: Principal): boolean {
  return !principal.isTrial && !principal.isOperator;
}

/** The terms this session's member must accept before going on, or null (docs/site.md "Accepting the terms"). */
export async function dueTerms(ctx: AppContext, principal: Principal, language?: string) {
  if (!asked(principal)) return null;
  const due = await q.dueTermsVersion(ctx.db, principal.memberId);
  if (due === undefined) return null;
  // The newest version is shown (it may be a later one that needs no acceptance of its own).
  return legalPage(ctx, 'terms', language ?? principal.language);
}

/**
 * Records that the member accepted `version` of the terms, which must be the newest published one
 * (a version published while the dialog was open is shown again, not accepted unseen).
 */
export async function acceptTerms(ctx: AppContext, meta: RequestMeta, principal: Principal, version: number) {
  if (!asked(principal)) throw new AppError('AUTH_FORBIDDEN');
  return ctx.db.transaction().execute(async (trx) => {
    const newest = (await q.listPublished(trx, 'terms'))[0];
    if (!newest || newest.version !== version) throw fieldErrors({ version: 'INVALID' });
    const row = await q.insertAcceptance(trx, {
      memberId: principal.memberId,
      versionId: newest.id,
      at: ctx.now(),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    await audit(trx, meta, {
      event: 'terms.accept',
      success: true,
      memberId: principal.memberId,
      username: principal.username,
      detail: { version },
    });
    return { version, acceptedAt: new Date(row.accepted_at) };
  });
}

/**
 * The refusal of a route that moves money (config.movesMoney) while the member has terms to accept:
 * the site's dialog asks for them at sign-in, and an API client is told the same with this code.
 */
export async function assertTermsAccepted(ctx: AppContext, principal: Principal): Promise<void> {
  if (!asked(principal)) return;
  const due = await q.dueTermsVersion(ctx.db, principal.memberId);
  if (due !== undefined) throw new AppError('TERMS_NOT_ACCEPTED', { value: { version: due } });
}

// ---- back office

/** Every kind with its newest published version and its draft, and the languages a text may have. */
export async function legalOverview(ctx: AppContext) {
  const [rows, brand] = await Promise.all([q.listVersions(ctx.db), getBrand(ctx.db)]);
  const list = LEGAL_KINDS.map((kind) => {
    const own = rows.filter((r) => r.kind === kind);
    return {
      kind,
      published: own.find((r) => r.status === 'published') ?? null,
      draft: own.find((r) => r.status === 'draft') ?? null,
      versionCount: own.length,
    };
  });
  return { list, defaultLanguage: brand.defaultLanguage, languages: brand.supportedLanguages };
}

export function versionsOf(ctx: AppContext, kind: LegalKind) {
  return q.listVersions(ctx.db, kind);
}

export type VersionDetail = { row: q.AdminVersionRow; texts: { language: string; title: string; body: string }[] };

export function versionDetail(ctx: AppContext, id: number): Promise<VersionDetail> {
  return detailOf(ctx.db, id);
}

async function detailOf(db: Conn, id: number): Promise<VersionDetail> {
  const row = await q.findVersion(db, id);
  if (!row) throw new AppError('CONTENT_NOT_FOUND');
  return { row, texts: await q.textsOf(db, id) };
}

/**
 * The kind's draft: the open one, or a new version numbered after the last, its texts copied from
 * the newest published version so the operator edits what players read now. A new terms draft asks
 * for acceptance unless the operator says the change is minor.
 */
export async function startDraft(ctx: AppContext, operator: Principal, kind: LegalKind) {
  return ctx.db.transaction().execute(async (trx) => {
    const open = await q.findDraftId(trx, kind);
    if (open) return { created: false, detail: await detailOf(trx, open.id) };
    const id = await q.insertDraft(trx, {
      kind,
      version: await q.nextVersionNumber(trx, kind),
      summary: '',
      acceptanceRequired: kind === 'terms',
      createdBy: operator.memberId,
      at: ctx.now(),
    });
    const newest = (await q.listPublished(trx, kind))[0];
    if (newest) await q.copyTexts(trx, newest.id, id);
    return { created: true, detail: await detailOf(trx, id) };
  });
}

/** The draft for its next state: a published version is never written, only read. */
async function lockedDraft(db: Conn, id: number) {
  const row = await q.lockVersion(db, id);
  if (!row) throw new AppError('CONTENT_NOT_FOUND');
  if (row.status !== 'draft') throw new AppError('LEGAL_VERSION_PUBLISHED');
  return row;
}

/** Replaces the draft's summary, acceptance flag and texts; each text's language must be one the brand offers. */
export async function saveDraft(ctx: AppContext, id: number, body: AdminLegalDraftBody) {
  const brand = await getBrand(ctx.db);
  const offered = new Set(brand.supportedLanguages.map((l) => l.toUpperCase()));
  const refused = body.texts.findIndex((t) => !offered.has(t.language));
  if (refused >= 0) throw fieldErrors({ [`texts.${refused}.language`]: 'NOT_ALLOWED' });
  return ctx.db.transaction().execute(async (trx) => {
    const draft = await lockedDraft(trx, id);
    const before = await detailOf(trx, id);
    await q.updateDraft(trx, id, {
      summary: body.summary,
      // Only the terms are accepted by members; other pages are read.
      acceptanceRequired: draft.kind === 'terms' && body.acceptanceRequired,
    });
    await q.replaceTexts(trx, id, body.texts);
    return { before, after: await detailOf(trx, id) };
  });
}

/** Publishes the draft: it needs a text in the brand's default language, which every reader can fall back to. */
export async function publishDraft(ctx: AppContext, operator: Principal, id: number) {
  const brand = await getBrand(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    await lockedDraft(trx, id);
    const before = await detailOf(trx, id);
    if (!before.texts.some((t) => t.language === brand.defaultLanguage.toUpperCase()))
      throw fieldErrors({ texts: 'REQUIRED' });
    await q.markPublished(trx, id, operator.memberId, ctx.now());
    return { before, after: await detailOf(trx, id) };
  });
}

/** Drops an unpublished draft (a published version stays for good). */
export async function discardDraft(ctx: AppContext, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    await lockedDraft(trx, id);
    const before = await detailOf(trx, id);
    await q.deleteDraft(trx, id);
    return { before };
  });
}

/**
 * What the audit row keeps of a version: its state and, per text, the title, length and SHA-256 of
 * the body (the published text itself stays in legal_texts for good; a draft's words need no copy).
 */
export function auditedVersion(detail: VersionDetail | null | undefined) {
  if (!detail) return null;
  const { row, texts } = detail;
  return {
    kind: row.kind,
    version: row.version,
    status: row.status,
    summary: row.summary,
    acceptanceRequired: row.acceptance_required,
    texts: texts.map((t) => ({
      language: t.language,
      title: t.title,
      length: t.body.length,
      sha256: createHash('sha256').update(t.body).digest('hex'),
    })),
  };
}
