import type { TeamLossBranch } from '@gamehall/shared/api/agents';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { teamLossQuery } from './api';
import { cell, numCell, rowClass, SearchBox, tone } from './components';
import { DeductionsCell } from './ngr';
import { ReportFrame } from './report-frame';

/** The branch whose members the page lists: a direct downline's id, `own`, or every member. */
type Branch = { key: number | 'own'; name: string } | null;

/**
 * spec §2 user loss statements: each downline's own profit and loss over the range, with totals, and
 * its part of the dividend base (docs/agents.md "Figures"): GGR, the deductions, NGR; above them the
 * same figures per branch (docs/agents.md "Reports"), each of which lists its own members when picked.
 */
export function UserLossPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [q, setQ] = useState('');
  const [branch, setBranch] = useState<Branch>(null);
  return (
    <ReportFrame
      title={t('agent.menu.userLossStatements')}
      testId="user-loss"
      query={(range, pageNo) => teamLossQuery(token, { ...range, q: q || undefined, branch: branch?.key, pageNo })}
      filters={(restart) => (
        <SearchBox
          onSearch={(value) => {
            setQ(value);
            restart();
          }}
        />
      )}
      summary={(v, restart) => (
        <BranchTable
          branches={v.branches}
          picked={branch}
          onPick={(next) => {
            setBranch(next);
            restart();
          }}
        />
      )}
      columns={[t('agent.common.username'), { label: t('agent.common.level'), align: 'end' }, ...lossColumns(t)]}
      rows={(v) =>
        v.content.map((row) => (
          <tr key={row.memberId} className={rowClass}>
            <td className={cell}>{row.username}</td>
            <td className={numCell}>{row.level}</td>
            <LossCells figures={row} />
          </tr>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell}>{t('agent.common.total')}</td>
          <td className={numCell} />
          <LossCells figures={v.totals} />
        </>
      )}
    />
  );
}

type LossFigures = Omit<TeamLossBranch, 'downline' | 'members'>;

/** The headings of LossCells. */
function lossColumns(t: TFunction): TableColumn[] {
  return [
    { label: t('agent.bets.validBets'), align: 'end' },
    { label: t('agent.bets.wins'), align: 'end' },
    { label: t('agent.bets.profitLoss'), align: 'end' },
    { label: t('agent.loss.deposits'), align: 'end' },
    { label: t('agent.loss.withdrawals'), align: 'end' },
    { label: t('agent.ngr.ggr'), align: 'end' },
    { label: t('agent.ngr.deductions'), align: 'end' },
    { label: t('agent.ngr.ngr'), align: 'end' },
  ];
}

/** Valid bets to NGR, the columns a branch and the totals share with a member's row. */
function LossCells({ figures: f }: { figures: LossFigures }) {
  const money = useMoney();
  return (
    <>
      <td className={numCell}>{money(f.validBets)}</td>
      <td className={numCell}>{money(f.wins)}</td>
      <td className={`${numCell} ${tone(f.profitLoss)}`}>{money(f.profitLoss)}</td>
      <td className={numCell}>{money(f.deposits)}</td>
      <td className={numCell}>{money(f.withdrawals)}</td>
      <td className={`${numCell} ${tone(f.ggr)}`}>{money(f.ggr)}</td>
      <DeductionsCell figures={f} />
      <td className={`${numCell} font-semibold ${tone(f.ngr)}`}>{money(f.ngr)}</td>
    </>
  );
}

/**
 * The range's figures per branch: a direct downline that is an agent or has members, with its
 * whole team, and the agent's other direct members together. A branch's name lists its members
 * below; the heading over the members says whose they are.
 */
function BranchTable({
  branches,
  picked,
  onPick,
}: {
  branches: TeamLossBranch[];
  picked: Branch;
  onPick: (branch: Branch) => void;
}) {
  const { t } = useTranslation();
  const nameOf = (b: TeamLossBranch) => b.downline?.username ?? t('contracts.ownMembers');
  const keyOf = (b: TeamLossBranch) => b.downline?.id ?? ('own' as const);
  return (
    <section className="mb-4" data-testid="user-loss-branches">
      <h2 className="mb-1 text-sm font-semibold">{t('agent.loss.byBranch')}</h2>
      <p className="mb-2 text-xs text-(--text-muted)">{t('agent.loss.branchNote')}</p>
      <ResponsiveTable
        caption={t('agent.loss.byBranch')}
        columns={[t('contracts.branch'), { label: t('agent.ngr.members'), align: 'end' }, ...lossColumns(t)]}
        empty={branches.length === 0}
        emptyText={t('agent.common.noRecords')}
      >
        {branches.map((b) => {
          const key = keyOf(b);
          const on = picked?.key === key;
          return (
            <tr key={key} className={on ? `${rowClass} bg-(--surface)` : rowClass}>
              <td className={cell}>
                <button
                  type="button"
                  className="text-(--accent) underline"
                  aria-pressed={on}
                  onClick={() => onPick(on ? null : { key, name: nameOf(b) })}
                >
                  {nameOf(b)}
                </button>
              </td>
              <td className={numCell}>{b.members}</td>
              <LossCells figures={b} />
            </tr>
          );
        })}
      </ResponsiveTable>
      <div className="mt-4 flex flex-wrap items-baseline gap-3">
        <h2 className="text-sm font-semibold">
          {picked ? t('agent.loss.membersOf', { branch: picked.name }) : t('agent.loss.byMember')}
        </h2>
        {picked && (
          <button type="button" className="text-sm text-(--accent) underline" onClick={() => onPick(null)}>
            {t('agent.loss.allMembers')}
          </button>
        )}
      </div>
    </section>
  );
}
