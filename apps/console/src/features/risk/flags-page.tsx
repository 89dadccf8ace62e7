import { RISK_FLAG_KINDS, type RiskFlagKind, type RiskFlagStatus } from '@gamehall/shared/api/risk';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote, PageSteps, QueryErrorAlert, StatusFilter } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime } from '../../lib/format';
import { flagsQuery, RISK_PAGE_SIZE } from './api';
import { FlagSentence, MemberName, memberIdOf, ReviewButtons, ReviewState } from './risk-parts';

const STATUSES: RiskFlagStatus[] = ['open', 'confirmed', 'dismissed'];

// The abuse flags: open ones by default, newest first, each explained in a sentence, with filters by
// status, kind and member; each open flag is confirmed or dismissed with a note.
export function FlagsPage() {
  const { t } = useTranslation('risk');
  const [status, setStatus] = useState<RiskFlagStatus | ''>('open');
  const [kind, setKind] = useState<RiskFlagKind | ''>('');
  const [lookup, setLookup] = useState('');
  const [memberId, setMemberId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const flags = useQuery(
    flagsQuery({ ...(status ? { status } : {}), ...(kind ? { kind } : {}), ...(memberId ? { memberId } : {}) }, page),
  );
  const rows = flags.data?.list ?? [];
  const find = (e: FormEvent) => {
    e.preventDefault();
    setMemberId(memberIdOf(lookup));
    setPage(1);
  };
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('flags.title')} description={t('flags.description')} />
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter
          id="risk-flag-status"
          label={t('fields.status')}
          value={status}
          allLabel={t('filters.all')}
          options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(v) => {
            setStatus(v as RiskFlagStatus | '');
            setPage(1);
          }}
        />
        <StatusFilter
          id="risk-flag-kind"
          label={t('fields.kind')}
          value={kind}
          allLabel={t('filters.all')}
          options={RISK_FLAG_KINDS.map((k) => ({ value: k, label: t(`flagKinds.${k}`) }))}
          onChange={(v) => {
            setKind(v as RiskFlagKind | '');
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
      <QueryErrorAlert error={flags.error} />
      <PlainTable
        caption={t('flags.title')}
        columns={[
          { label: t('fields.found') },
          { label: t('fields.member') },
          { label: t('fields.kind') },
          { label: t('fields.why') },
          { label: t('fields.status') },
          { label: t('fields.actions') },
        ]}
      >
        {rows.map((f) => (
          <tr key={f.id} className="border-b border-(--border)" data-testid={`risk-flag-${f.id}`}>
            <td className="px-3 py-2">{formatDateTime(f.createdAt)}</td>
            <td className="px-3 py-2">
              <MemberName member={f.member} />
            </td>
            <td className="px-3 py-2">{t(`flagKinds.${f.kind}`)}</td>
            <td className="max-w-md px-3 py-2">
              <FlagSentence evidence={f.evidence} />
            </td>
            <td className="px-3 py-2">
              <ReviewState status={f.status} reviewedBy={f.reviewedBy} note={f.note} />
            </td>
            <td className="px-3 py-2">
              <ReviewButtons target={{ flag: f }} />
            </td>
          </tr>
        ))}
      </PlainTable>
      <EmptyNote show={flags.isSuccess && rows.length === 0}>{t('flags.empty')}</EmptyNote>
      <PageSteps
        page={page}
        pages={Math.ceil((flags.data?.total ?? 0) / RISK_PAGE_SIZE)}
        previousLabel={t('filters.previous')}
        nextLabel={t('filters.next')}
        onPage={setPage}
      />
    </div>
  );
}
