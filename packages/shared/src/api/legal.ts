import { z } from 'zod';
import { ContentLanguage } from './admin-content';

// The pages a licensed site shows (docs/site.md "Legal pages"): each kind is a document with
// numbered versions; a version holds one text per language and, once published, never changes.
// Members accept the terms: a version published with acceptanceRequired must be accepted by every
// member who registered before it, at their next sign-in, before money moves again.

export const LEGAL_KINDS = ['terms', 'privacy', 'responsible', 'bonus', 'cookies', 'about', 'licence'] as const;
export const LegalKind = z.enum(LEGAL_KINDS);
export type LegalKind = z.infer<typeof LegalKind>;

/** The player site's path segment of each kind: /legal/<slug>. */
export const LEGAL_SLUGS = {
  terms: 'terms',
  privacy: 'privacy',
  responsible: 'responsible-gaming',
  bonus: 'bonus-terms',
  cookies: 'cookies',
  about: 'about',
  licence: 'licence',
} as const satisfies Record<LegalKind, string>;

export const LEGAL_TITLE_MAX = 200;
/** A legal text is long (a terms document runs to tens of thousands of characters) but bounded. */
export const LEGAL_BODY_MAX = 100_000;
export const LEGAL_SUMMARY_MAX = 1_000;

// ---- player site

export const LegalKindParams = z.object({ kind: LegalKind });
export const LegalVersionParams = z.object({
  kind: LegalKind,
  version: z.coerce.number().int().min(1).max(1_000_000),
});
export const LegalPageQuery = z.object({ language: z.string().trim().max(10).optional() });

export const LegalVersionEntry = z.object({ version: z.number().int(), publishedAt: z.string() });

/**
 * A published version in the reader's language, or in the brand's default language when that
 * version has no text in theirs (`language` says which one is shown); `versions` lists every
 * published version, newest first.
 */
export const LegalPage = z.object({
  kind: LegalKind,
  version: z.number().int(),
  publishedAt: z.string(),
  language: z.string(),
  title: z.string(),
  body: z.string(),
  summary: z.string(),
  /** True when `version` is the newest published one. */
  current: z.boolean(),
  versions: z.array(LegalVersionEntry),
});
export type LegalPage = z.infer<typeof LegalPage>;

/** Whether this session's member must accept a newer version of the terms before going on. */
export const TermsStatus = z.object({
  due: z.boolean(),
  /** The version to accept (the newest published), in the member's language; null when none is due. */
  terms: LegalPage.nullable(),
});
export type TermsStatus = z.infer<typeof TermsStatus>;

export const AcceptTermsBody = z.object({ version: z.number().int().min(1).max(1_000_000) });
export type AcceptTermsBody = z.infer<typeof AcceptTermsBody>;
export const AcceptTermsValue = z.object({ version: z.number().int(), acceptedAt: z.string() });

// ---- back office (permission content.write)

export const AdminLegalText = z.object({
  language: z.string(),
  title: z.string(),
  body: z.string(),
});

export const AdminLegalVersion = z.object({
  id: z.number().int(),
  kind: LegalKind,
  version: z.number().int(),
  status: z.enum(['draft', 'published']),
  summary: z.string(),
  acceptanceRequired: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  languages: z.array(z.string()),
  /** Terms only: members who accepted this version in the dialog. */
  acceptances: z.number().int(),
});
export type AdminLegalVersion = z.infer<typeof AdminLegalVersion>;

export const AdminLegalVersionDetail = AdminLegalVersion.extend({ texts: z.array(AdminLegalText) });
export type AdminLegalVersionDetail = z.infer<typeof AdminLegalVersionDetail>;

export const AdminLegalDocument = z.object({
  kind: LegalKind,
  published: AdminLegalVersion.nullable(),
  draft: AdminLegalVersion.nullable(),
  versionCount: z.number().int(),
});
export const AdminLegalDocuments = z.object({
  list: z.array(AdminLegalDocument),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
});
export type AdminLegalDocuments = z.infer<typeof AdminLegalDocuments>;

export const AdminLegalVersions = z.object({ list: z.array(AdminLegalVersion) });

export const AdminLegalVersionParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The whole draft: summary, whether members must accept it (terms), and its texts by language. */
export const AdminLegalDraftBody = z
  .object({
    summary: z.string().trim().max(LEGAL_SUMMARY_MAX).default(''),
    acceptanceRequired: z.boolean().default(false),
    texts: z
      .array(
        z.object({
          language: ContentLanguage,
          title: z.string().trim().min(1).max(LEGAL_TITLE_MAX),
          body: z.string().trim().min(1).max(LEGAL_BODY_MAX),
        }),
      )
      .max(60),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.texts.forEach((text, i) => {
      if (seen.has(text.language))
        ctx.addIssue({
          code: 'custom',
          path: ['texts', i, 'language'],
          message: 'twice',
          params: { reason: 'INVALID' },
        });
      seen.add(text.language);
    });
  });
export type AdminLegalDraftBody = z.infer<typeof AdminLegalDraftBody>;
