import type { AdminRiskFlag, AdminRiskLink } from '@gamehall/shared/api/risk';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewQueue, useReviewQueue } from '../../components/review-queue';
import { formatDateTime } from '../../lib/format';
import { RISK_PAGE_SIZE } from './api';
import { MemberName, ReviewButtons, ReviewState } from './risk-parts';

// What the abuse flags and linked accounts queues share: filters by status (the first of `statuses`
// by default), kind and member, and rows that start with when it was found and the member and end
// with the review state and the confirm / dismiss buttons; the page gives the cells in between.

type Filter<S, K> = { status?: S; kind?: K; memberId?: number };

/** Which queue: its item (naming the texts, the selects' ids and the rows' test ids), filters and list. */
type RiskQueueOf<S, K, List, Key extends QueryKey> = {
  /** `flags.title`, `flagKinds.*`, ids `risk-flag-status` and `risk-flag-<id>`; likewise for links. */
  item: 'flag' | 'link';
  /** The status filter's options; the first is the one shown at first. */
  statuses: readonly S[];
  kinds: readonly K[];
  query: (filter: Filter<S, K>, page: number) => UseQueryOptions<List, Error, List, Key>;
};

export function RiskQueue<
  S extends string,
  K extends string,
  List extends { list: (AdminRiskFlag | AdminRiskLink)[]; total: number },
  Key extends QueryKey,
>({
  of: { item, statuses, kinds, query },
  columns,
  cells,
}: {
  of: RiskQueueOf<S, K, List, Key>;
  /** The headings of the page's own columns, between the member and the status. */
  columns: string[];
  cells: (row: List['list'][number]) => ReactNode;
}) {
  const { t } = useTranslation('risk');
  const queue = useReviewQueue({ status: statuses[0] ?? '', kind: '' }, RISK_PAGE_SIZE, (filters, memberId, page) => {
    const { status, kind } = filters as { status: S | ''; kind: K | '' };
    return query({ ...(status ? { status } : {}), ...(kind ? { kind } : {}), ...(memberId ? { memberId } : {}) }, page);
  });
  const option = (group: string) => (value: string) => ({ value, label: t(`${group}.${value}`) });
  return (
    <ReviewQueue
      queue={queue}
      selects={[
        {
          key: 'status',
          id: `risk-${item}-status`,
          label: t('fields.status'),
          allLabel: t('filters.all'),
          options: statuses.map(option('status')),
        },
        {
          key: 'kind',
          id: `risk-${item}-kind`,
          label: t('fields.kind'),
          allLabel: t('filters.all'),
          options: kinds.map(option(`${item}Kinds`)),
        },
      ]}
      texts={{
        memberId: t('fields.memberId'),
        find: t('filters.apply'),
        previous: t('filters.previous'),
        next: t('filters.next'),
      }}
      caption={t(`${item}s.title`)}
      empty={t(`${item}s.empty`)}
      columns={[t('fields.found'), t('fields.member'), ...columns, t('fields.status'), t('fields.actions')].map(
        (label) => ({ label }),
      )}
      row={(r) => (
        <tr key={r.id} className="border-b border-(--border)" data-testid={`risk-${item}-${r.id}`}>
          <td className="px-3 py-2">{formatDateTime(r.createdAt)}</td>
          <td className="px-3 py-2">
            <MemberName member={r.member} />
          </td>
          {cells(r)}
          <td className="px-3 py-2">
            <ReviewState status={r.status} reviewedBy={r.reviewedBy} note={r.note} />
          </td>
          <td className="px-3 py-2">
            <ReviewButtons target={'other' in r ? { link: r } : { flag: r }} />
          </td>
        </tr>
      )}
    />
  );
}
