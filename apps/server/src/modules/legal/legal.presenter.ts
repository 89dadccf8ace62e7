import type {
  AdminLegalDocuments,
  AdminLegalVersion,
  AdminLegalVersionDetail,
  LegalPage,
} from '@gamehall/shared/api/legal';
import type { AdminVersionRow } from './legal.queries';
import type { LegalPageView, VersionDetail } from './legal.service';

// The legal pages as the player site and the back office read them (explicit field lists).

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentLegalPage(view: LegalPageView): LegalPage {
  return {
    kind: view.kind,
    version: view.version.version,
    publishedAt: iso(view.version.published_at as Date),
    language: view.text.language,
    title: view.text.title,
    body: view.text.body,
    summary: view.version.summary,
    current: view.versions[0]?.id === view.version.id,
    versions: view.versions.map((v) => ({ version: v.version, publishedAt: iso(v.published_at as Date) })),
  };
}

export function presentAdminVersion(row: AdminVersionRow): AdminLegalVersion {
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    status: row.status,
    summary: row.summary,
    acceptanceRequired: row.acceptance_required,
    createdAt: iso(row.created_at),
    createdBy: row.created_by_name ?? null,
    publishedAt: row.published_at ? iso(row.published_at) : null,
    publishedBy: row.published_by_name ?? null,
    languages: row.languages ? row.languages.split(',') : [],
    acceptances: Number(row.acceptances ?? 0),
  };
}

export function presentAdminVersionDetail(detail: VersionDetail): AdminLegalVersionDetail {
  return { ...presentAdminVersion(detail.row), texts: detail.texts };
}

export function presentAdminDocuments(overview: {
  list: {
    kind: AdminLegalVersion['kind'];
    published: AdminVersionRow | null;
    draft: AdminVersionRow | null;
    versionCount: number;
  }[];
  defaultLanguage: string;
  languages: string[];
}): AdminLegalDocuments {
  return {
    list: overview.list.map((d) => ({
      kind: d.kind,
      published: d.published && presentAdminVersion(d.published),
      draft: d.draft && presentAdminVersion(d.draft),
      versionCount: d.versionCount,
    })),
    defaultLanguage: overview.defaultLanguage,
    languages: overview.languages,
  };
}
