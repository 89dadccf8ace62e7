import type { ContractKind, StatementDetail } from '@gamehall/shared/api/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeIn } from '../../components/format-time';
import { ResponsiveTable } from '../../components/responsive-table';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { cell, numCell, rowClass } from './components';
import { ratePercent } from './contract-rules';
import { statementsQuery } from './contracts-api';
import { StatementBase } from './ngr';
import { ReportFrame } from './report-frame';

/** spec §2 dividend record. */
export function DividendRecordPage() {
  return <StatementsPage kind="dividend" titleKey="agent.menu.dividendRecord" />;
}
/** spec §2 daily wages. */
export function DailyWagesPage() {
  return <StatementsPage kind="daily_salary" titleKey="agent.menu.dailyWages" />;
}
/** spec §2 hourly salary. */
export function HourlySalaryPage() {
  return <StatementsPage kind="hourly_salary" titleKey="agent.menu.hourlySalary" />;
}
/** spec §2 real-time salary (settled every 5 minutes, spec §9). */
export function RealtimeSalaryPage() {
  return <StatementsPage kind="realtime_salary" titleKey="agent.menu.realtimeSalary" />;
}

/**
 * The settled statements of one contract kind (docs/agents.md "Settlement"): one row per period
 * with the team's figures, the tier rate, the amount and its status; each opens line by line
 * (the agent's own direct members, and each direct downline branch with its rate).
 */
function StatementsPage({ kind, titleKey }: { kind: ContractKind; titleKey: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [open, setOpen] = useState<number | null>(null);
  const dividend = kind === 'dividend';
  const columns = [
    t('contracts.periodColumn'),
    { label: dividend ? t('contracts.netLoss') : t('contracts.validBets'), align: 'end' as const },
    { label: t('contracts.activeMembers'), align: 'end' as const },
    { label: t('contracts.rate'), align: 'end' as const },
    ...(dividend ? [{ label: t('contracts.carryIn'), align: 'end' as const }] : []),
    { label: t('contracts.amount'), align: 'end' as const },
    t('agent.common.status'),
    { label: t('contracts.lines'), srOnly: true },
  ];
  return (
    <ReportFrame
      title={t(titleKey)}
      testId={`statements-${kind}`}
      query={(range, pageNo) => statementsQuery(token, kind, range, pageNo)}
      columns={columns}
      rows={(v) =>
        v.content.map((s) => (
          <Fragment key={s.id}>
            <tr className={rowClass}>
              <td className={cell}>
                {formatTimeIn(s.periodStart, v.timeZone)}
                <span className="block text-xs text-(--text-muted)">{formatTimeIn(s.periodEnd, v.timeZone)}</span>
              </td>
              <td className={numCell}>{money(dividend ? s.netLoss : s.validBets)}</td>
              <td className={numCell}>{s.activeMembers}</td>
              <td className={numCell}>{ratePercent(s.ratePpm)}</td>
              {dividend && <td className={numCell}>{money(s.carryIn)}</td>}
              <td className={`${numCell} font-semibold`}>{money(s.amount)}</td>
              <td className={cell}>{t(`contracts.statementStatus.${s.status}`)}</td>
              <td className="py-2">
                <button
                  type="button"
                  className="text-sm text-(--accent) underline"
                  aria-expanded={open === s.id}
                  onClick={() => setOpen(open === s.id ? null : s.id)}
                >
                  {open === s.id ? t('contracts.hideLines') : t('contracts.showLines')}
                </button>
              </td>
            </tr>
            {open === s.id && (
              <tr>
                <td colSpan={columns.length} className="pb-3">
                  <StatementLines statement={s} timeZone={v.timeZone} />
                </td>
              </tr>
            )}
          </Fragment>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell}>{t('agent.common.total')}</td>
          <td className={numCell}>{money(dividend ? v.totals.netLoss : v.totals.validBets)}</td>
          <td className={numCell} />
          <td className={numCell} />
          {dividend && <td className={numCell} />}
          <td className={numCell}>{money(v.totals.amount)}</td>
          <td className={cell} colSpan={2} />
        </>
      )}
    />
  );
}

function StatementLines({ statement, timeZone }: { statement: StatementDetail; timeZone: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const dividend = statement.kind === 'dividend';
  // How the amount comes about: gross + carried in - downlines' pay - withheld - carried out.
  const figures: [string, string][] = [
    [t('contracts.grossOnTeam'), money(statement.gross)],
    ...(statement.downlinePaid !== 0
      ? [[t('contracts.downlinePaid'), money(-statement.downlinePaid)] as [string, string]]
      : []),
    ...(dividend && statement.carryIn !== 0
      ? [[t('contracts.carryIn'), money(statement.carryIn)] as [string, string]]
      : []),
    ...(statement.capped !== 0 ? [[t('contracts.capped'), money(-statement.capped)] as [string, string]] : []),
    ...(dividend && statement.carryOut !== 0
      ? [[t('contracts.carryOut'), money(-statement.carryOut)] as [string, string]]
      : []),
    [t('contracts.amount'), money(statement.amount)],
    ...(statement.paidAt
      ? [[t('contracts.paidAt'), formatTimeIn(statement.paidAt, timeZone)] as [string, string]]
      : []),
  ];
  return (
    <div className="rounded-lg bg-(--surface) p-3 text-sm">
      <dl className="mb-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-(--text-muted)">{label}</dt>
            <dd className="text-end tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ResponsiveTable
        caption={t('contracts.lines')}
        columns={[
          t('contracts.branch'),
          { label: t('contracts.validBets'), align: 'end' },
          { label: t('contracts.netLoss'), align: 'end' },
          { label: t('contracts.activeMembers'), align: 'end' },
          { label: t('contracts.downlineRate'), align: 'end' },
          { label: t('contracts.grossOnTeam'), align: 'end' },
          { label: t('contracts.branchPaid'), align: 'end' },
          { label: t('contracts.amount'), align: 'end' },
        ]}
        empty={statement.lines.length === 0}
        emptyText={t('agent.common.noRecords')}
      >
        {statement.lines.map((line) => (
          <tr key={line.downline?.id ?? 0} className={rowClass}>
            <td className={cell}>{line.downline ? line.downline.username : t('contracts.ownMembers')}</td>
            <td className={numCell}>{money(line.validBets)}</td>
            <td className={numCell}>{money(line.netLoss)}</td>
            <td className={numCell}>{line.activeMembers}</td>
            <td className={numCell}>{ratePercent(line.downlineRatePpm)}</td>
            <td className={numCell}>{money(line.gross)}</td>
            <td className={numCell}>{line.downline ? money(line.branchPaid) : ''}</td>
            <td className={numCell}>{money(line.amount)}</td>
          </tr>
        ))}
      </ResponsiveTable>
      <StatementBase id={statement.id} />
    </div>
  );
}
