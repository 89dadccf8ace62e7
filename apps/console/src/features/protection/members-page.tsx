import type { LimitView, ProtectionRow } from '@gamehall/shared/api/responsible';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSteps, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { addNote, liftBreak, protectionDetailQuery, protectionKey, protectionMembersQuery } from './api';

const FILTERS = ['all', 'limits', 'breaks', 'exclusions'] as const;
const td = 'px-3 py-2 align-top';

function limitText(l: LimitView): string {
  const show = (v: number) => (l.key === 'sessionMinutes' ? `${v} min` : formatMoney(v));
  const now = l.value === null ? '—' : `${show(l.used)} / ${show(l.value)}`;
  return l.pending ? `${now} → ${l.pending.value === null ? '—' : show(l.pending.value)}` : now;
}

function Signals({ row }: { row: ProtectionRow }) {
  const { t } = useTranslation('protection');
  const on = (Object.keys(row.signals) as (keyof ProtectionRow['signals'])[]).filter((k) => row.signals[k]);
  if (on.length === 0) return <span className="text-(--text-muted)">{t('signals.none')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {on.map((k) => (
        <span key={k} className="rounded bg-(--danger)/15 px-1.5 py-0.5 text-xs text-(--danger)">
          {t(`signals.${k}`)}
        </span>
      ))}
    </span>
  );
}

function BreakText({ row }: { row: ProtectionRow }) {
  const { t } = useTranslation('protection');
  if (!row.break) return <>—</>;
  return (
    <>
      {t(`kinds.${row.break.kind}`)} ({row.break.period}){' '}
      {row.break.until ? t('until', { at: formatDateTime(row.break.until) }) : t('permanent')}
    </>
  );
}

function Detail({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const detail = useQuery(protectionDetailQuery(memberId));
  const [kind, setKind] = useState<'note' | 'contact'>('note');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: protectionKey });
  const submitNote = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      await addNote(memberId, kind, text);
      setText('');
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const submitLift = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      await liftBreak(memberId, reason);
      setReason('');
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const d = detail.data;
  return (
    <section
      className="mt-6 rounded-lg border border-(--border) bg-(--surface-raised) p-4"
      aria-label={t('detail.title')}
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold">{d ? d.username : t('detail.title')}</h2>
        <Button variant="ghost" onClick={onClose}>
          {t('detail.close')}
        </Button>
      </div>
      <QueryErrorAlert error={detail.error} />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {d && (
        <>
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {d.limits
              .filter((l) => l.value !== null || l.pending)
              .map((l) => (
                <div key={l.key} className="contents">
                  <dt className="text-(--text-muted)">{t(`limits.${l.key}`)}</dt>
                  <dd>{limitText(l)}</dd>
                </div>
              ))}
            <dt className="text-(--text-muted)">{t('realityCheck')}</dt>
            <dd>{d.realityCheckMinutes ? `${d.realityCheckMinutes} min` : '—'}</dd>
            <dt className="text-(--text-muted)">{t('columns.break')}</dt>
            <dd>
              <BreakText row={d} />
            </dd>
            <dt className="text-(--text-muted)">{t('limitHitAt')}</dt>
            <dd>{d.limitHitAt ? formatDateTime(d.limitHitAt) : '—'}</dd>
            <dt className="text-(--text-muted)">{t('columns.signals')}</dt>
            <dd>
              <Signals row={d} />
            </dd>
          </dl>
          {d.break && (
            <form onSubmit={submitLift} className="mb-4 flex flex-wrap items-end gap-2">
              <label className="flex flex-col text-sm">
                {t('detail.liftReason')}
                <input
                  className="w-80 rounded-md border border-(--border) bg-(--surface) px-2 py-1"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  minLength={5}
                  maxLength={500}
                  required
                />
              </label>
              <Button type="submit" variant="danger">
                {t('detail.lift')}
              </Button>
            </form>
          )}
          <form onSubmit={submitNote} className="mb-4 flex flex-wrap items-end gap-2">
            <select
              className="rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-sm"
              value={kind}
              onChange={(e) => setKind(e.target.value as 'note' | 'contact')}
              aria-label={t('detail.kind')}
            >
              <option value="note">{t('noteKinds.note')}</option>
              <option value="contact">{t('noteKinds.contact')}</option>
            </select>
            <input
              className="w-96 rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-sm"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-label={t('detail.text')}
              maxLength={2000}
              required
            />
            <Button type="submit">{t('detail.add')}</Button>
          </form>
          <PlainTable
            caption={t('detail.notes')}
            columns={[
              { label: t('detail.when') },
              { label: t('detail.kind') },
              { label: t('detail.operator') },
              { label: t('detail.text') },
            ]}
          >
            {d.notes.map((n) => (
              <tr key={n.id} className="border-t border-(--border)">
                <td className={td}>{formatDateTime(n.createdAt)}</td>
                <td className={td}>{t(`noteKinds.${n.kind}`)}</td>
                <td className={td}>{n.operator}</td>
                <td className={`${td} whitespace-pre-wrap`}>{n.text}</td>
              </tr>
            ))}
          </PlainTable>
        </>
      )}
    </section>
  );
}

// Members with limits, breaks and exclusions, with their risk signals; a row opens the member's
// detail with the notes and contact log and, during a break, lifting it with a reason.
export function ProtectionMembersPage() {
  const { t } = useTranslation('protection');
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const [lookup, setLookup] = useState('');
  const [member, setMember] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useQuery(protectionMembersQuery(filter, member, page));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setMember(lookup.trim());
    setPage(1);
  };
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('members.title')} description={t('members.description')} />
      <form onSubmit={search} className="mb-4 flex flex-wrap items-end gap-2">
        <select
          className="rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-sm"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as (typeof FILTERS)[number]);
            setPage(1);
          }}
          aria-label={t('members.filter')}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`filters.${f}`)}
            </option>
          ))}
        </select>
        <input
          className="rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-sm"
          value={lookup}
          onChange={(e) => setLookup(e.target.value)}
          placeholder={t('members.username')}
          aria-label={t('members.username')}
        />
        <Button type="submit" variant="secondary">
          {t('members.search')}
        </Button>
      </form>
      <QueryErrorAlert error={list.error} />
      <PlainTable
        caption={t('members.title')}
        columns={[
          { label: t('columns.member') },
          { label: t('columns.limits') },
          { label: t('columns.break') },
          { label: t('columns.signals') },
          { label: '' },
        ]}
      >
        {list.data?.content.map((r) => (
          <tr key={r.memberId} className="border-t border-(--border)">
            <td className={td}>{r.username}</td>
            <td className={td}>
              {r.limits
                .filter((l) => l.value !== null || l.pending)
                .map((l) => (
                  <div key={l.key}>
                    {t(`limits.${l.key}`)}: {limitText(l)}
                  </div>
                ))}
            </td>
            <td className={td}>
              <BreakText row={r} />
            </td>
            <td className={td}>
              <Signals row={r} />
            </td>
            <td className={td}>
              <Button variant="ghost" onClick={() => setSelected(r.memberId)}>
                {t('members.open')}
              </Button>
            </td>
          </tr>
        ))}
      </PlainTable>
      {list.data && list.data.content.length === 0 && (
        <p className="mt-3 text-sm text-(--text-muted)">{t('members.empty')}</p>
      )}
      <PageSteps
        page={page}
        pages={list.data?.totalPages ?? 1}
        previousLabel={t('members.previous')}
        nextLabel={t('members.next')}
        onPage={setPage}
      />
      {selected !== null && <Detail memberId={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}
