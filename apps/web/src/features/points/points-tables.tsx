import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../components/responsive-table';
import { displayAmount } from '../../lib/money';
import { configQuery } from '../../lib/site-queries';
import { pointsDetailsQuery, redeemHistoryQuery } from './api';
import { Paging } from './paging';

// The redeem history (spec §3 "Points redeem record", §4 statuses) and the points details (spec §7
// ODSFE2_MemTransDet), newest first, paged.

const cell = 'py-2 pr-4 align-top';
const STATUS_COLOURS: Record<string, string> = {
  in_process: 'bg-(--accent)/15 text-(--accent)',
  approved: 'bg-(--success)/15 text-(--success)',
  rejected: 'bg-(--danger)/15 text-(--danger)',
};

function time(iso: string): string {
  return new Date(iso).toLocaleString();
}

export function RedeemHistoryTable({ token }: { token: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const symbol = useQuery(configQuery).data?.currencySymbol;
  const query = useQuery(redeemHistoryQuery(token, page));
  const rows = query.data?.content ?? [];
  return (
    <>
      <ResponsiveTable
        caption={t('points.tabs.history')}
        testId="redeem-history"
        columns={[
          t('points.col.reference'),
          t('points.col.applyTime'),
          t('points.col.type'),
          t('points.col.name'),
          t('points.col.quantity'),
          t('points.col.points'),
          t('points.col.amount'),
          t('points.col.status'),
          t('points.col.balance'),
          t('points.col.remark'),
        ]}
        empty={!query.isPending && rows.length === 0}
        emptyText={t('points.noHistory')}
      >
        {rows.map((r) => (
          <tr key={r.reference} className="border-t border-(--text-muted)/20">
            <td className={`${cell} font-mono text-xs`}>{r.reference}</td>
            <td className={cell}>{time(r.applyTime)}</td>
            <td className={cell}>{t(`points.kind.${r.type}`)}</td>
            <td className={cell}>{r.name}</td>
            <td className={cell}>{r.quantity}</td>
            <td className={cell}>{r.pointsRequirement.toLocaleString()}</td>
            <td className={cell}>{r.amountRequirement > 0 ? displayAmount(r.amountRequirement, { symbol }) : '-'}</td>
            <td className={cell}>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_COLOURS[r.status] ?? ''}`}>
                {t(`points.status.${r.status}`)}
              </span>
            </td>
            <td className={cell}>{r.pointsBalance === null ? '-' : r.pointsBalance.toLocaleString()}</td>
            <td className={cell}>{r.remark || '-'}</td>
          </tr>
        ))}
      </ResponsiveTable>
      <Paging page={page} totalPages={query.data?.totalPages ?? 0} onChange={setPage} />
    </>
  );
}

export function PointsDetailsTable({ token }: { token: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(pointsDetailsQuery(token, page));
  const rows = query.data?.content ?? [];
  return (
    <>
      <ResponsiveTable
        caption={t('points.tabs.details')}
        testId="points-details"
        columns={[
          t('points.col.time'),
          t('points.col.type'),
          t('points.col.changed'),
          t('points.col.balance'),
          t('points.col.remark'),
        ]}
        empty={!query.isPending && rows.length === 0}
        emptyText={t('points.noDetails')}
      >
        {rows.map((d) => (
          <tr key={d.id} className="border-t border-(--text-muted)/20">
            <td className={cell}>{time(d.time)}</td>
            <td className={cell}>{t(`points.movement.${d.type}`, { defaultValue: d.type })}</td>
            <td className={`${cell} ${d.changedPoints < 0 ? 'text-(--danger)' : 'text-(--success)'}`}>
              {d.changedPoints > 0 ? '+' : ''}
              {d.changedPoints.toLocaleString()}
            </td>
            <td className={cell}>{d.pointsBalance.toLocaleString()}</td>
            <td className={cell}>{d.remark || d.reference || '-'}</td>
          </tr>
        ))}
      </ResponsiveTable>
      <Paging page={page} totalPages={query.data?.totalPages ?? 0} onChange={setPage} />
    </>
  );
}
