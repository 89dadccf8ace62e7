import { type AdminRiskLinkGroup, RISK_LINK_KINDS, RiskLinkStatus } from '@gamehall/shared/api/risk';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ReviewQueue, useReviewQueue } from '../../components/review-queue';
import { formatDateTime } from '../../lib/format';
import { linkGroupsQuery, RISK_PAGE_SIZE } from './api';
import { BackfillPanel } from './backfill-panel';
import { MemberName, ReviewButtons, ReviewState } from './risk-parts';

// The linked-accounts queue, one row per shared value: the accounts that share a device, an IP
// address, a bank account or a payee name are one group (a café's address with 30 accounts is one
// row, not its 435 pairs). Groups with pending links first by default, newest first, with filters by
// status, kind and member; a group's pending links are confirmed or dismissed at once with one note.
export function LinksPage() {
  const { t } = useTranslation('risk');
  const queue = useReviewQueue(
    { status: RiskLinkStatus.options[0], kind: '' } as { status: string; kind: string },
    RISK_PAGE_SIZE,
    (filters, memberId, page) => {
      const status = filters.status as RiskLinkStatus | '';
      const kind = filters.kind as (typeof RISK_LINK_KINDS)[number] | '';
      return linkGroupsQuery(
        { ...(status ? { status } : {}), ...(kind ? { kind } : {}), ...(memberId ? { memberId } : {}) },
        page,
      );
    },
  );
  const option = (group: string) => (value: string) => ({ value, label: t(`${group}.${value}`) });
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('links.title')} description={t('links.description')} />
      <BackfillPanel />
      <ReviewQueue<{ status: string; kind: string }, AdminRiskLinkGroup>
        queue={queue}
        selects={[
          {
            key: 'status',
            id: 'risk-link-status',
            label: t('fields.status'),
            allLabel: t('filters.all'),
            options: RiskLinkStatus.options.map(option('status')),
          },
          {
            key: 'kind',
            id: 'risk-link-kind',
            label: t('fields.kind'),
            allLabel: t('filters.all'),
            options: RISK_LINK_KINDS.map(option('linkKinds')),
          },
        ]}
        texts={{
          memberId: t('fields.memberId'),
          find: t('filters.apply'),
          previous: t('filters.previous'),
          next: t('filters.next'),
        }}
        caption={t('links.title')}
        empty={t('links.empty')}
        columns={[
          t('groups.lastFound'),
          t('groups.shares'),
          t('groups.accounts'),
          t('groups.links'),
          t('fields.status'),
          t('fields.actions'),
        ].map((label) => ({ label }))}
        row={(g) => <GroupRow key={g.id} group={g} />}
      />
    </div>
  );
}

function GroupRow({ group: g }: { group: AdminRiskLinkGroup }) {
  const { t } = useTranslation('risk');
  const more = g.accounts - g.members.length;
  return (
    <tr className="border-b border-(--border)" data-testid={`risk-link-${g.id}`}>
      <td className="px-3 py-2">{formatDateTime(g.lastAt)}</td>
      <td className="px-3 py-2">
        {t(`linkKinds.${g.kind}`)}: <code className="break-all">{g.value}</code>
      </td>
      <td className="px-3 py-2">
        <p className="font-semibold" data-testid="group-accounts">
          {t('groups.count', { count: g.accounts })}
        </p>
        <ul className="flex flex-wrap gap-x-2">
          {g.members.map((m) => (
            <li key={m.id}>
              <MemberName member={m} />
            </li>
          ))}
          {more > 0 && <li className="text-(--text-muted)">{t('groups.more', { count: more })}</li>}
        </ul>
      </td>
      <td className="px-3 py-2 text-xs">
        {g.links.pending > 0
          ? t('groups.toReview', { count: g.links.pending })
          : t('groups.decided', { count: g.links.confirmed + g.links.dismissed })}
      </td>
      <td className="px-3 py-2">
        <ReviewState
          status={g.links.pending > 0 ? 'pending' : g.links.confirmed > 0 ? 'confirmed' : 'dismissed'}
          reviewedBy={g.reviewedBy}
          note={g.note}
        />
      </td>
      <td className="px-3 py-2">
        <ReviewButtons target={{ group: g }} />
      </td>
    </tr>
  );
}
