import type { ContractKind, MyContract } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../app/paths';
import { formatTimeIn } from '../../components/format-time';
import { useMoney } from '../../components/use-money';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { AgentTitle, cell, Loaded, numCell, rowClass } from './components';
import { ratePercent } from './contract-rules';
import { endWords } from './contract-words';
import { contractAction, myContractsQuery } from './contracts-api';
import { TiersTable } from './tiers-table';

/** The statements page of each kind (menu.ts entries). */
const STATEMENTS_ENTRY: Record<ContractKind, string> = {
  dividend: 'dividendRecord',
  daily_salary: 'dailyWages',
  hourly_salary: 'hourlySalary',
  realtime_salary: 'realtimeSalary',
};

type Side = 'held' | 'given';

/**
 * The contracts the agent holds (from its upline or the operator) and the
 * ones it gave its direct downlines, each with its tiers, period, status, carry-over and newest
 * statements; an active contract between two agents can be asked to end here (the other side
 * answers in its contract popup).
 */
export function MyContractsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const query = useQuery(myContractsQuery(token));
  return (
    <section data-testid="my-contracts">
      <AgentTitle>{t('agent.menu.myContracts')}</AgentTitle>
      <Loaded query={query}>
        {(v) => (
          <>
            <p className="mb-4 text-sm text-(--text-muted)">({t('agent.common.timeZone', { zone: v.timeZone })})</p>
            <ContractList side="held" contracts={v.held} timeZone={v.timeZone} />
            <ContractList side="given" contracts={v.given} timeZone={v.timeZone} />
          </>
        )}
      </Loaded>
    </section>
  );
}

function ContractList({ side, contracts, timeZone }: { side: Side; contracts: MyContract[]; timeZone: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-8" data-testid={`my-contracts-${side}`}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {t(side === 'held' ? 'agent.myContracts.held' : 'agent.myContracts.given')}
      </h2>
      {contracts.length === 0 ? (
        <p className="text-(--text-muted)">
          {t(side === 'held' ? 'agent.myContracts.noneHeld' : 'agent.myContracts.noneGiven')}
        </p>
      ) : (
        <ul className="space-y-4">
          {contracts.map((c) => (
            <ContractCard key={c.id} side={side} contract={c} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ContractCard({ side, contract: c, timeZone }: { side: Side; contract: MyContract; timeZone: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [asking, setAsking] = useState(false);
  const at = (iso: string | null) => formatTimeIn(iso, timeZone);
  const party = side === 'held' ? (c.upline?.username ?? t('contracts.operator')) : c.holder.username;
  const open = c.status === 'active' || c.status === 'offered';
  const mySide = side === 'held' ? 'holder' : 'upline';
  return (
    <li className="rounded-lg bg-(--surface) p-4" data-testid={`my-contract-${c.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{t(`contracts.kinds.${c.kind}`)}</h3>
        <span className="rounded-full bg-(--surface-raised) px-2 py-0.5 text-sm" data-testid="contract-status">
          {t(`contracts.status.${c.status}`)}
        </span>
      </div>
      <p className="text-sm">
        {t(side === 'held' ? 'agent.myContracts.offeredBy' : 'agent.myContracts.givenTo', { party })}
      </p>
      <p className="text-sm text-(--text-muted)">
        {t('contracts.popup.terms', { period: t(`contracts.periods.${c.period}`), rate: ratePercent(c.ratePpm) })}
      </p>
      <p className="text-sm text-(--text-muted)">
        {t('agent.myContracts.offeredAt', { at: at(c.createdAt) })}
        {c.acceptedAt && <> · {t('agent.myContracts.activeSince', { at: at(c.acceptedAt) })}</>}
        {c.endedAt && <> · {t('agent.myContracts.endedAt', { at: at(c.endedAt) })}</>}
      </p>
      {!open && (
        <p className="text-sm" data-testid="contract-end">
          {endWords(c)
            .map((w) => t(w.key, w.values))
            .join(' ')}
        </p>
      )}
      <TiersTable tiers={c.tiers} />
      {(c.kind === 'dividend' || c.carry !== 0) && (
        <p className="mt-2 text-sm">
          {t('agent.myContracts.carry')}: <span className="tabular-nums">{money(c.carry)}</span>
        </p>
      )}
      <Statements contract={c} side={side} timeZone={timeZone} />
      {c.status === 'active' && c.terminationRequestedBy === mySide && (
        <p className="mt-3 text-sm" role="status" data-testid="termination-state">
          {t('agent.myContracts.requestedByMe', { at: at(c.terminationRequestedAt), party })}
        </p>
      )}
      {c.status === 'active' && c.terminationRequestedBy !== null && c.terminationRequestedBy !== mySide && (
        <p className="mt-3 text-sm" data-testid="termination-state">
          {t('agent.myContracts.requestedByOther', { party })}
        </p>
      )}
      {c.status === 'active' && c.terminationRequestedBy === null && c.upline === null && (
        <p className="mt-3 text-sm text-(--text-muted)">{t('agent.myContracts.operatorOnly')}</p>
      )}
      {c.status === 'active' && c.terminationRequestedBy === null && c.upline !== null && (
        <div className="mt-3">
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('agent.myContracts.requestTermination')}
          </Button>
        </div>
      )}
      {asking && <TerminationDialog contract={c} party={party} onClose={() => setAsking(false)} />}
    </li>
  );
}

function Statements({ contract: c, side, timeZone }: { contract: MyContract; side: Side; timeZone: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold">{t('agent.myContracts.statements')}</h4>
      {c.statementCount === 0 ? (
        <p className="text-sm text-(--text-muted)">{t('agent.myContracts.noStatements')}</p>
      ) : (
        <>
          <p className="text-sm text-(--text-muted)">
            {t('agent.myContracts.statementCount', { count: c.statementCount, paid: money(c.paidTotal) })}
            {side === 'held' && (
              <Link className="ms-2 text-(--accent) underline" to={paths.agentEntry(STATEMENTS_ENTRY[c.kind])}>
                {t('agent.myContracts.allStatements')}
              </Link>
            )}
          </p>
          {/* A phone is narrower than a period's two edges: the period wraps, the table scrolls in its card. */}
          <div className="overflow-x-auto">
            <table className="mt-1 w-full text-left text-sm">
              <caption className="sr-only">{t('agent.myContracts.statements')}</caption>
              <thead className="text-(--text-muted)">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('contracts.periodColumn')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium rtl:text-left">
                    {t('contracts.amount')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('agent.common.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.statements.map((s) => (
                  <tr key={s.id} className={rowClass}>
                    <td className="py-2 pr-3">
                      <span className="whitespace-nowrap">{formatTimeIn(s.periodStart, timeZone)} –</span>{' '}
                      <span className="whitespace-nowrap">{formatTimeIn(s.periodEnd, timeZone)}</span>
                    </td>
                    <td className={numCell}>{money(s.amount)}</td>
                    <td className={cell}>{t(`contracts.statementStatus.${s.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** Asks the other side to end the contract (it stays in force until they agree). */
function TerminationDialog({
  contract: c,
  party,
  onClose,
}: {
  contract: MyContract;
  party: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const send = async () => {
    setBusy(true);
    setError('');
    try {
      const typed = reason.trim();
      await contractAction(c.kind, {
        action: 'requestTermination',
        contractId: c.id,
        ...(typed ? { reason: typed } : {}),
      });
      toast.success(t('agent.myContracts.requestSent', { party }));
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      await queryClient.invalidateQueries({ queryKey: ['contracts'] });
      onClose();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={t('agent.myContracts.requestTermination')}>
      <p className="mb-3">
        {t('agent.myContracts.confirmText', { party })} ({t(`contracts.kinds.${c.kind}`)}, {ratePercent(c.ratePpm)})
      </p>
      <label htmlFor={reasonId} className="text-sm">
        {t('agent.myContracts.reason')}
      </label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
        className="mt-1 block w-full rounded-md border border-(--text-muted)/30 bg-(--surface) px-2 py-1.5 text-sm"
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <div className="mt-4 flex gap-2">
        <Button disabled={busy} onClick={() => void send()}>
          {t('common.confirm')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
