import { RISK_LINK_KINDS, type RiskLinkKind, type RiskLinkStatus } from '@gamehall/shared/api/risk';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote, PageSteps, QueryErrorAlert, StatusFilter } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime } from '../../lib/format';
import { linksQuery, RISK_PAGE_SIZE } from './api';
import { BackfillPanel } from './backfill-panel';
import { MemberName, memberIdOf, ReviewButtons, ReviewState } from './risk-parts';

const STATUSES: RiskLinkStatus[] = ['pending', 'confirmed', 'dismissed'];

// The linked-accounts queue: new links (pending) first by default, newest first, with filters by
// status, kind and member; each pending link is confirmed or dismissed with a note.
export function LinksPage() {
  const { t } = useTranslation('risk');
  const [status, setStatus] = useState<RiskLinkStatus | ''>('pending');
  const [kind, setKind] = useState<RiskLinkKind | ''>('');
  const [lookup, setLookup] = useState('');
  const [memberId, setMemberId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const links = useQuery(
    linksQuery({ ...(status ? { status } : {}), ...(kind ? { kind } : {}), ...(memberId ? { memberId } : {}) }, page),
  );
  const rows = links.data?.list ?? [];
  const find = (e: FormEvent) => {
    e.preventDefault();
    setMemberId(memberIdOf(lookup));
    setPage(1);
  };
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('links.title')} description={t('links.description')} />
      <BackfillPanel />
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter
          id="risk-link-status"
          label={t('fields.status')}
          value={status}
          allLabel={t('filters.all')}
          options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(v) => {
            setStatus(v as RiskLinkStatus | '');
            setPage(1);
          }}
        />
        <StatusFilter
          id="risk-link-kind"
          label={t('fields.kind')}
          value={kind}
          allLabel={t('filters.all')}
          options={RISK_LINK_KINDS.map((k) => ({ value: k, label: t(`linkKinds.${k}`) }))}
          onChange={(v) => {
            setKind(v as RiskLinkKind | '');
            setPage(1);
          }}
        />
        <form onSubmit={find} className="mb-3 flex items-end gap-2" noValidate>
          <Field
            label={t('fields.memberId')}
            value={lookup}
            inputMode="numeric"
            maxLength={16}
            onChange={(e) => setLookup(e.target.value)}
          />
          <Button type="submit" variant="ghost">
            {t('filters.apply')}
          </Button>
        </form>
      </div>
      <QueryErrorAlert error={links.error} />
      <PlainTable
        caption={t('links.title')}
        columns={[
          { label: t('fields.found') },
          { label: t('fields.member') },
          { label: t('fields.other') },
          { label: t('fields.shares') },
          { label: t('fields.status') },
          { label: t('fields.actions') },
        ]}
      >
        {rows.map((l) => (
          <tr key={l.id} className="border-b border-(--border)" data-testid={`risk-link-${l.id}`}>
            <td className="px-3 py-2">{formatDateTime(l.createdAt)}</td>
            <td className="px-3 py-2">
              <MemberName member={l.member} />
            </td>
            <td className="px-3 py-2">
              <MemberName member={l.other} />
            </td>
            <td className="px-3 py-2">
              {t(`linkKinds.${l.kind}`)}: <code className="break-all">{l.value}</code>
            </td>
            <td className="px-3 py-2">
              <ReviewState status={l.status} reviewedBy={l.reviewedBy} note={l.note} />
            </td>
            <td className="px-3 py-2">
              <ReviewButtons target={{ link: l }} />
            </td>
          </tr>
        ))}
      </PlainTable>
      <EmptyNote show={links.isSuccess && rows.length === 0}>{t('links.empty')}</EmptyNote>
      <PageSteps
        page={page}
        pages={Math.ceil((links.data?.total ?? 0) / RISK_PAGE_SIZE)}
        previousLabel={t('filters.previous')}
        nextLabel={t('filters.next')}
        onPage={setPage}
      />
    </div>
  );
}
