import { NGR_DEDUCTIONS } from '@gamehall/shared/api/agents';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { useBrandTimeZone } from '../../lib/brand-range';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { agentsKey, formatInZone, formatRate, releaseStatement, statementQuery } from './api';
import { StatementBase } from './statement-base';
import { agentPath } from './team-tree';

/**
 * One statement with its lines (docs/agents.md "Settlement"); a held payout is released from here. A
 * line opens its members in the base below, and each member its rounds of the period.
 */
export function StatementPage() {
  const { t } = useTranslation('agents');
  const id = Number(useParams().id);
  const writable = useCan()('agents.write');
  const queryClient = useQueryClient();
  const statement = useQuery({ ...statementQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const [releasing, setReleasing] = useState(false);
  const s = statement.data;
  const zone = useBrandTimeZone() ?? 'UTC';

  const back = (
    <Link to="/agents/statements" className="inline-flex items-center gap-1 text-sm text-(--accent) underline">
      <ArrowLeft size={14} aria-hidden />
      {t('statements.title')}
    </Link>
  );
  if (!s)
    return (
      <div>
        {back}
        {statement.error ? (
          <p role="alert" className="mt-4 text-(--danger)">
            {errorMessage(statement.error)}
          </p>
        ) : (
          <p className="mt-4 text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>
        )}
      </div>
    );

  const figures: [string, string][] = [
    [t('fields.kind'), t(`kinds.${s.kind}`)],
    [t('fields.holder'), s.holder.username],
    [t('fields.contract'), `#${s.contractId}`],
    [t('fields.periodIn', { zone }), `${formatInZone(s.periodStart, zone)} – ${formatInZone(s.periodEnd, zone)}`],
    [t('fields.validBets'), formatMoney(s.validBets)],
    [t('fields.wins'), formatMoney(s.wins)],
    [t('fields.deductions'), formatMoney(Object.values(s.deductions).reduce((a, b) => a + b, 0))],
    // Each deduction on its own line: corrections and goodwill apart, each only when the brand counted it.
    ...NGR_DEDUCTIONS.filter((k) => (s.deductions[k] ?? 0) !== 0).map((k): [string, string] => [
      `– ${t(`base.kinds.${k}`)}`,
      formatMoney(s.deductions[k] ?? 0),
    ]),
    [t('fields.netLoss'), formatMoney(s.netLoss)],
    [t('fields.activeMembers'), String(s.activeMembers)],
    [t('fields.rate'), formatRate(s.ratePpm)],
    [t('fields.gross'), formatMoney(s.gross)],
    [t('fields.downlinePaid'), formatMoney(s.downlinePaid)],
    [t('fields.capped'), formatMoney(s.capped)],
    [t('fields.carryIn'), formatMoney(s.carryIn)],
    [t('fields.amount'), formatMoney(s.amount)],
    [t('fields.carryOut'), formatMoney(s.carryOut)],
    [t('fields.paidAt'), formatDateTime(s.paidAt) || '—'],
  ];

  return (
    <div>
      {back}
      <PageHeader title={t('statements.one', { id: s.id })} description={t('statements.detailDescription')} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <StatusBadge label={t(`statementStatus.${s.status}`)} tone={s.status === 'held' ? 'warning' : 'success'} />
        <Link to={agentPath(s.holder)} className="text-sm text-(--accent) underline">
          {t('statements.toAgent', { name: s.holder.username })}
        </Link>
        {writable && s.status === 'held' && (
          <Button onClick={() => setReleasing(true)}>{t('statements.release')}</Button>
        )}
      </div>
      <dl className="mb-6 grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-(--border) bg-(--surface-raised) p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-(--text-muted)">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mb-2 font-semibold">{t('statements.lines')}</h2>
      <PlainTable
        caption={t('statements.lines')}
        collapse
        columns={[
          { label: t('fields.line') },
          { label: t('fields.validBets'), numeric: true },
          { label: t('fields.netLoss'), numeric: true },
          { label: t('fields.activeMembers'), numeric: true },
          { label: t('fields.downlineRate'), numeric: true },
          { label: t('fields.lineGross'), numeric: true },
          { label: t('fields.branchPaid'), numeric: true },
          { label: t('fields.amount'), numeric: true },
        ]}
      >
        {s.lines.map((line, i) => (
          <tr key={line.downline?.id ?? `own-${i}`} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">
              <Link
                to={{ search: `?line=${line.downline?.id ?? 'own'}`, hash: '#statement-base' }}
                className="text-(--accent) underline"
                title={t('statements.membersOfLine', {
                  name: line.downline?.username ?? t('statements.ownMembers'),
                })}
              >
                {line.downline?.username ?? t('statements.ownMembers')}
              </Link>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(line.validBets)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(line.netLoss)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{line.activeMembers}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatRate(line.downlineRatePpm)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(line.gross)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{line.downline ? formatMoney(line.branchPaid) : '—'}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(line.amount)}</td>
          </tr>
        ))}
      </PlainTable>
      <StatementBase statement={s} />
      <ConfirmDialog
        open={releasing}
        title={t('statements.release')}
        message={t('statements.releaseConfirm', { amount: formatMoney(s.amount), name: s.holder.username })}
        confirmLabel={t('statements.release')}
        onConfirm={async () => {
          await releaseStatement(s.id);
          await queryClient.invalidateQueries({ queryKey: agentsKey });
        }}
        onClose={() => setReleasing(false)}
      />
    </div>
  );
}
