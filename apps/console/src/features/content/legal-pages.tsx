import {
  AdminLegalDraftBody,
  type AdminLegalVersion,
  type AdminLegalVersionDetail,
  LEGAL_BODY_MAX,
  LEGAL_SUMMARY_MAX,
  LEGAL_TITLE_MAX,
  LegalKind,
} from '@gamehall/shared/api/legal';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { Tabs } from '@gamehall/ui/tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import {
  discardLegalDraft,
  fetchLegal,
  fetchLegalVersion,
  fetchLegalVersions,
  legalKey,
  publishLegalDraft,
  saveLegalDraft,
  startLegalDraft,
} from './api';

// The pages a licensed site shows (docs/site.md "Legal pages"): terms, privacy, responsible gaming,
// bonus terms, cookies, about us and licence. Each kind has numbered versions with a text per
// language; the operator edits one draft and publishes it; a published version never changes.

const INPUT =
  'w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

function versionLabel(t: (key: string, o?: Record<string, unknown>) => string, v: AdminLegalVersion | null) {
  if (!v) return '—';
  return v.publishedAt
    ? t('legal.versionPublished', { version: v.version, date: formatDateTime(v.publishedAt) })
    : t('legal.versionDraft', { version: v.version });
}

/** Every kind with its published version and open draft. */
export function LegalListPage() {
  const { t } = useTranslation('content');
  const query = useQuery({ queryKey: legalKey, queryFn: fetchLegal });
  const list = query.data?.list ?? [];
  return (
    <div>
      <PageHeader title={t('legal.title')} description={t('legal.description')} />
      <QueryErrorAlert error={query.error} />
      <PlainTable
        caption={t('legal.title')}
        columns={[
          { label: t('legal.columns.page') },
          { label: t('legal.columns.published') },
          { label: t('legal.columns.languages') },
          { label: t('legal.columns.draft') },
          { label: t('legal.columns.versions'), numeric: true },
        ]}
        empty={query.isPending ? t('common.loading', { ns: 'core' }) : undefined}
      >
        {list.map((doc) => (
          <tr key={doc.kind} className="border-b border-(--border) last:border-0">
            <td className="px-3 py-2">
              <Link to={`/content/legal/${doc.kind}`} className="font-semibold text-(--accent) hover:underline">
                {t(`legal.kinds.${doc.kind}`)}
              </Link>
            </td>
            <td className="px-3 py-2">{versionLabel(t, doc.published)}</td>
            <td className="px-3 py-2">{doc.published?.languages.join(', ') || '—'}</td>
            <td className="px-3 py-2">{doc.draft ? versionLabel(t, doc.draft) : '—'}</td>
            <td className="px-3 py-2 text-right">{doc.versionCount}</td>
          </tr>
        ))}
      </PlainTable>
    </div>
  );
}

/** One kind: its versions (each readable), and the draft's editor or the button that opens one. */
export function LegalKindPage() {
  const { t } = useTranslation('content');
  const parsed = LegalKind.safeParse(useParams().kind);
  const kind = parsed.success ? parsed.data : undefined;
  const can = useCan();
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: [...legalKey, kind, 'versions'],
    queryFn: () => fetchLegalVersions(kind as LegalKind),
    enabled: kind !== undefined,
  });
  const overview = useQuery({ queryKey: legalKey, queryFn: fetchLegal });
  const [viewing, setViewing] = useState<number | null>(null);
  const [error, setError] = useState('');
  if (!kind) return <p role="alert">{t('legal.unknown')}</p>;
  const list = versions.data?.list ?? [];
  const draft = list.find((v) => v.status === 'draft');
  const writable = can('content.write');

  const open = async () => {
    setError('');
    try {
      await startLegalDraft(kind);
      await queryClient.invalidateQueries({ queryKey: legalKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div>
      <PageHeader
        title={t(`legal.kinds.${kind}`)}
        description={t(kind === 'terms' ? 'legal.termsDescription' : 'legal.kindDescription')}
        actions={
          writable && !draft ? (
            <Button onClick={open} disabled={versions.isPending}>
              {t('legal.newVersion')}
            </Button>
          ) : undefined
        }
      />
      <p className="mb-4 text-sm">
        <Link to="/content/legal" className="text-(--accent) hover:underline">
          {t('legal.back')}
        </Link>
      </p>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <QueryErrorAlert error={versions.error} />
      {draft && overview.data && (
        <DraftEditor
          key={draft.id}
          id={draft.id}
          kind={kind}
          languages={overview.data.languages}
          defaultLanguage={overview.data.defaultLanguage}
        />
      )}
      <h2 className="mt-6 mb-2 text-lg font-bold">{t('legal.history')}</h2>
      <PlainTable
        caption={t('legal.history')}
        columns={[
          { label: t('legal.columns.version'), numeric: true },
          { label: t('columns.state') },
          { label: t('legal.columns.published') },
          { label: t('legal.columns.languages') },
          { label: t('legal.columns.summary') },
          kind === 'terms' && { label: t('legal.columns.acceptances'), numeric: true },
          { label: t('common.actions', { ns: 'core' }) },
        ]}
        empty={
          versions.isPending ? t('common.loading', { ns: 'core' }) : list.length === 0 ? t('legal.none') : undefined
        }
      >
        {list.map((v) => (
          <tr key={v.id} className="border-b border-(--border) last:border-0">
            <td className="px-3 py-2 text-right">{v.version}</td>
            <td className="px-3 py-2">
              <StatusBadge
                label={t(v.status === 'draft' ? 'legal.status.draft' : 'legal.status.published')}
                tone={v.status === 'draft' ? 'warning' : 'success'}
              />
              {v.acceptanceRequired && (
                <span className="ml-2 text-xs text-(--text-muted)">{t('legal.asksAcceptance')}</span>
              )}
            </td>
            <td className="px-3 py-2">
              {v.publishedAt ? `${formatDateTime(v.publishedAt)} · ${v.publishedBy ?? '—'}` : '—'}
            </td>
            <td className="px-3 py-2">{v.languages.join(', ') || '—'}</td>
            <td className="px-3 py-2">{v.summary}</td>
            {kind === 'terms' && <td className="px-3 py-2 text-right">{v.acceptances}</td>}
            <td className="px-3 py-2">
              <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setViewing(v.id)}>
                {t('legal.read', { version: v.version })}
              </Button>
            </td>
          </tr>
        ))}
      </PlainTable>
      <VersionDialog id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function VersionDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('content');
  const detail = useQuery({
    queryKey: [...legalKey, 'version', id],
    queryFn: () => fetchLegalVersion(id as number),
    enabled: id !== null,
  }).data;
  const [tab, setTab] = useState('');
  const texts = detail?.texts ?? [];
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      title={t('legal.versionTitle', { version: detail?.version ?? '' })}
      wide
    >
      {detail?.summary && <p className="mb-3 text-sm text-(--text-muted)">{detail.summary}</p>}
      <Tabs
        value={tab || texts[0]?.language || ''}
        onValueChange={setTab}
        items={texts.map((text) => ({
          value: text.language,
          label: text.language,
          content: (
            <div>
              <h3 className="mb-2 font-bold">{text.title}</h3>
              <pre className="max-h-[60vh] overflow-auto text-sm whitespace-pre-wrap">{text.body}</pre>
            </div>
          ),
        }))}
      />
    </Modal>
  );
}

type DraftForm = {
  summary: string;
  acceptanceRequired: boolean;
  texts: Record<string, { title: string; body: string }>;
};

function toForm(detail: AdminLegalVersionDetail, languages: string[]): DraftForm {
  const texts: DraftForm['texts'] = {};
  for (const language of languages) texts[language] = { title: '', body: '' };
  for (const text of detail.texts) texts[text.language] = { title: text.title, body: text.body };
  return { summary: detail.summary, acceptanceRequired: detail.acceptanceRequired, texts };
}

/** A language left with neither title nor text is left out of the version. */
function toBody(form: DraftForm) {
  return {
    summary: form.summary,
    acceptanceRequired: form.acceptanceRequired,
    texts: Object.entries(form.texts)
      .filter(([, text]) => text.title.trim() !== '' || text.body.trim() !== '')
      .map(([language, text]) => ({ language, title: text.title, body: text.body })),
  };
}

function DraftEditor({
  id,
  kind,
  languages,
  defaultLanguage,
}: {
  id: number;
  kind: LegalKind;
  languages: string[];
  defaultLanguage: string;
}) {
  const { t } = useTranslation('content');
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: [...legalKey, 'version', id], queryFn: () => fetchLegalVersion(id) }).data;
  const [form, setForm] = useState<DraftForm | null>(null);
  const [tab, setTab] = useState(defaultLanguage);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'publish' | 'discard' | null>(null);
  const summaryId = useId();
  if (!detail) return null;
  const current = form ?? toForm(detail, languages);
  const change = (next: DraftForm) => {
    setForm(next);
    setSaved(false);
  };
  const setText = (language: string, field: 'title' | 'body', value: string) =>
    change({
      ...current,
      texts: {
        ...current.texts,
        [language]: { ...(current.texts[language] ?? { title: '', body: '' }), [field]: value },
      },
    });

  const save = async (): Promise<boolean> => {
    const checked = validate(AdminLegalDraftBody, toBody(current));
    setErrors(checked.errors);
    if (!checked.data) return false;
    setBusy(true);
    setError('');
    try {
      await saveLegalDraft(id, checked.data);
      await queryClient.invalidateQueries({ queryKey: legalKey });
      setForm(null);
      setSaved(true);
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await save();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: legalKey });

  return (
    <section
      aria-labelledby={`${summaryId}-title`}
      className="rounded-lg border border-(--border) bg-(--surface-raised) p-4"
    >
      <h2 id={`${summaryId}-title`} className="mb-1 text-lg font-bold">
        {t('legal.draftTitle', { version: detail.version })}
      </h2>
      <p className="mb-4 text-sm text-(--text-muted)">{t('legal.draftHint', { language: defaultLanguage })}</p>
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={summaryId} className="mb-1 block text-sm font-medium">
            {t('legal.fields.summary')}
          </label>
          <input
            id={summaryId}
            name="summary"
            maxLength={LEGAL_SUMMARY_MAX}
            value={current.summary}
            onChange={(e) => change({ ...current, summary: e.target.value })}
            className={INPUT}
            aria-describedby={`${summaryId}-hint`}
          />
          <p id={`${summaryId}-hint`} className="mt-1 text-xs text-(--text-muted)">
            {t('legal.hints.summary')}
          </p>
        </div>
        {kind === 'terms' && (
          <label className="mb-4 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="acceptanceRequired"
              checked={current.acceptanceRequired}
              onChange={(e) => change({ ...current, acceptanceRequired: e.target.checked })}
              className="mt-0.5"
            />
            <span>
              <span className="font-medium">{t('legal.fields.acceptanceRequired')}</span>
              <span className="block text-xs text-(--text-muted)">{t('legal.hints.acceptanceRequired')}</span>
            </span>
          </label>
        )}
        <Tabs
          value={tab}
          onValueChange={setTab}
          items={languages.map((language, i) => ({
            value: language,
            label: language === defaultLanguage ? t('legal.defaultLanguageTab', { language }) : language,
            content: (
              <div>
                <Field
                  label={t('legal.fields.title')}
                  required={language === defaultLanguage}
                  name={`title-${language}`}
                  maxLength={LEGAL_TITLE_MAX}
                  value={current.texts[language]?.title ?? ''}
                  error={errors[`texts.${i}.title`]}
                  onChange={(e) => setText(language, 'title', e.target.value)}
                />
                <label htmlFor={`${summaryId}-body-${language}`} className="mb-1 block text-sm font-medium">
                  {t('legal.fields.body')}
                </label>
                <textarea
                  id={`${summaryId}-body-${language}`}
                  name={`body-${language}`}
                  rows={18}
                  maxLength={LEGAL_BODY_MAX}
                  value={current.texts[language]?.body ?? ''}
                  onChange={(e) => setText(language, 'body', e.target.value)}
                  aria-describedby={`${summaryId}-format`}
                  className={`${INPUT} font-mono`}
                />
                <p id={`${summaryId}-format`} className="mt-1 text-xs text-(--text-muted)">
                  {t('legal.hints.format')}
                </p>
              </div>
            ),
          }))}
        />
        {errors.texts && (
          <p role="alert" className="mt-2 text-sm text-(--danger)">
            {t('legal.needsDefault', { language: defaultLanguage })}
          </p>
        )}
        {error && (
          <p role="alert" className="mt-2 text-sm text-(--danger)">
            {error}
          </p>
        )}
        {saved && (
          <p role="status" className="mt-2 text-sm text-(--success)">
            {t('legal.saved')}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming('discard')} disabled={busy}>
            {t('legal.discard')}
          </Button>
          <Button type="submit" variant="secondary" disabled={busy}>
            {t('common.save', { ns: 'core' })}
          </Button>
          <Button
            onClick={async () => {
              // What is on screen is what gets published.
              if (form && !(await save())) return;
              setConfirming('publish');
            }}
            disabled={busy}
          >
            {t('legal.publish')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming === 'publish'}
        title={t('legal.publishTitle', { version: detail.version })}
        message={t(
          kind === 'terms' && current.acceptanceRequired ? 'legal.publishTermsMessage' : 'legal.publishMessage',
        )}
        confirmLabel={t('legal.publish')}
        onConfirm={async () => {
          await publishLegalDraft(id);
          await refresh();
        }}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'discard'}
        title={t('legal.discardTitle', { version: detail.version })}
        message={t('legal.discardMessage')}
        confirmLabel={t('legal.discard')}
        danger
        onConfirm={async () => {
          await discardLegalDraft(id);
          await refresh();
        }}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
