import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { searchQuery } from './api';
import { agentPath, TeamTree } from './team-tree';

/** Agent search (part of the username, held in the URL) and the tree from the top agents down. */
export function AgentsPage() {
  const { t } = useTranslation('agents');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const hits = useQuery(searchQuery(q));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    setParams(text ? { q: text } : {});
  };

  return (
    <div>
      <PageHeader title={t('agents.title')} description={t('agents.description')} />
      <search className="mb-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col text-xs text-(--text-muted)">
            <label htmlFor={`${id}-q`}>{t('agents.search')}</label>
            <input
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={q}
              maxLength={64}
              className="mt-1 rounded-md border border-(--border) bg-(--surface) px-2 py-1.5 text-sm text-(--text)"
            />
          </div>
          <button type="submit" className="rounded-md bg-(--accent) px-3 py-1.5 text-sm text-(--accent-contrast)">
            {t('agents.find')}
          </button>
        </form>
      </search>
      {q && (
        <section className="mb-6">
          <h2 className="mb-2 font-semibold">{t('agents.results', { q })}</h2>
          {hits.error && (
            <p role="alert" className="text-sm text-(--danger)">
              {errorMessage(hits.error)}
            </p>
          )}
          {hits.data && hits.data.length === 0 && <p className="text-sm text-(--text-muted)">{t('agents.none')}</p>}
          {hits.data && hits.data.length > 0 && (
            <PlainTable
              caption={t('agents.results', { q })}
              collapse
              columns={[
                { label: t('fields.agent') },
                { label: t('fields.upline') },
                { label: t('fields.depth'), numeric: true },
                { label: t('fields.direct'), numeric: true },
                { label: t('fields.team'), numeric: true },
                { label: t('fields.contracts') },
              ]}
            >
              {hits.data.map((h) => (
                <tr key={h.id} className="border-b border-(--border) last:border-b-0">
                  <td className="px-3 py-2">
                    <Link to={agentPath(h)} className="font-semibold text-(--accent) underline">
                      {h.username}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {h.upline ? <Link to={agentPath(h.upline)}>{h.upline.username}</Link> : '—'}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{h.depth}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{h.directCount}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{h.teamSize}</td>
                  <td className="px-3 py-2">{h.activeContracts.map((k) => t(`kinds.${k}`)).join(', ')}</td>
                </tr>
              ))}
            </PlainTable>
          )}
        </section>
      )}
      <h2 className="mb-2 font-semibold">{t('agents.topAgents')}</h2>
      <TeamTree parentId={null} label={t('agents.topAgents')} />
    </div>
  );
}
