import type { LegalKind } from '@gamehall/shared/api/legal';
import { LEGAL_SLUGS } from '@gamehall/shared/api/legal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { LEGAL_LINKS, legalPath } from '../../lib/legal-links';
import { legalPageQuery } from './api';
import { LegalBlocks } from './legal-blocks';

/** The kind a /legal/<slug> path shows, or undefined for a slug that names none. */
export function kindOfSlug(slug: string | undefined): LegalKind | undefined {
  return (Object.keys(LEGAL_SLUGS) as LegalKind[]).find((kind) => LEGAL_SLUGS[kind] === slug);
}

function formatDate(iso: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language === 'ty' ? 'fil' : language, { dateStyle: 'long' }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}

/**
 * A legal page (/legal/<slug>): the newest published version in the reader's language, or the
 * brand's default language with a note; ?version=N shows an earlier one. Every version stays
 * listed, so a member can read what they accepted.
 */
export function LegalPage({ kind, fill }: { kind: LegalKind; fill: (text: string) => string }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const asked = Number(params.get('version'));
  const version = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const language = i18n.language.toUpperCase();
  const query = useQuery(legalPageQuery(kind, language, version));
  const page = query.data;
  const slug = LEGAL_SLUGS[kind];
  const label = t(LEGAL_LINKS.find((l) => l.slug === slug)?.key ?? 'legal.links.title');

  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="legal-page" data-kind={kind}>
      {query.isPending ? (
        <h1 className="text-2xl font-bold">{label}</h1>
      ) : query.isError ? (
        <>
          <h1 className="mb-4 text-2xl font-bold">{label}</h1>
          <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-8 text-center text-(--text-muted)">
            {query.error instanceof ApiError && query.error.status === 404
              ? t('legal.page.notPublished')
              : errorMessage(t, query.error)}
          </p>
        </>
      ) : page ? (
        <>
          <h1 className="mb-2 text-2xl font-bold">{page.title}</h1>
          <p className="mb-6 text-sm text-(--text-muted)" data-testid="legal-version">
            {t('legal.page.published', { version: page.version, date: formatDate(page.publishedAt, i18n.language) })}
          </p>
          {!page.current && (
            <p role="note" className="mb-4 rounded-lg bg-(--surface-raised) p-3 text-sm">
              {t('legal.page.replaced')}{' '}
              <Link to={legalPath(slug)} className="font-semibold text-(--accent) underline">
                {t('legal.page.current')}
              </Link>
            </p>
          )}
          {page.language !== language && (
            <p role="note" className="mb-4 rounded-lg bg-(--surface-raised) p-3 text-sm">
              {t('legal.page.otherLanguage', {
                language: t(`languages.${page.language}`, { defaultValue: page.language }),
              })}
            </p>
          )}
          <LegalBlocks body={page.body} fill={fill} />
          {page.versions.length > 1 && (
            <nav aria-label={t('legal.page.versions')} className="mt-10 border-t border-(--text-muted)/20 pt-4">
              <h2 className="mb-2 text-sm font-bold text-(--text-muted)">{t('legal.page.versions')}</h2>
              <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                {page.versions.map((v) => (
                  <li key={v.version}>
                    <Link
                      to={v === page.versions[0] ? legalPath(slug) : `${legalPath(slug)}?version=${v.version}`}
                      aria-current={v.version === page.version ? 'page' : undefined}
                      className={v.version === page.version ? 'font-bold' : 'font-semibold text-(--accent) underline'}
                    >
                      {t('legal.page.published', {
                        version: v.version,
                        date: formatDate(v.publishedAt, i18n.language),
                      })}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </>
      ) : null}
    </article>
  );
}
