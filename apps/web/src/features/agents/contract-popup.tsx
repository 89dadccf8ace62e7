import type { Contract, ContractActionBody } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { pendingContractsQuery } from '../../lib/pending-contracts';
import { useSession } from '../../lib/session';
import { ratePercent } from './contract-rules';
import { cascadeTitleKey } from './contract-words';
import { cascadePreviewQuery, contractAction } from './contracts-api';
import { TiersTable } from './tiers-table';

type Pending = { contract: Contract; request: 'offer' | 'termination' };

/**
 * spec §6 "contract popup" (member role), §4 Contracts: a signed-in member sees each contract offer
 * made to it and each termination request the other side made, and answers it here. Closing the
 * popup puts the open items aside for this page; new ones open it again.
 */
export function ContractPopup() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const pending = useQuery(pendingContractsQuery(token)).data;
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const items: Pending[] = [
    ...(pending?.offers ?? []).map((contract) => ({ contract, request: 'offer' as const })),
    ...(pending?.terminationRequests ?? []).map((contract) => ({ contract, request: 'termination' as const })),
  ];
  const idOf = (p: Pending) => `${p.request}:${p.contract.id}`;
  const shown = items.filter((p) => !dismissed.has(idOf(p)));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (p: Pending, body: ContractActionBody) => {
    setBusy(true);
    setError('');
    try {
      await contractAction(p.contract.kind, body);
      await queryClient.invalidateQueries({ queryKey: ['contracts'] });
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      await queryClient.invalidateQueries({ queryKey: ['member'] });
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={shown.length > 0}
      onClose={() => setDismissed(new Set([...dismissed, ...shown.map(idOf)]))}
      title={t('contracts.popup.title')}
      wide
    >
      <ul className="space-y-4" data-testid="contract-popup">
        {shown.map((p) => {
          const c = p.contract;
          const id = c.id;
          return (
            <li key={idOf(p)} className="rounded-lg bg-(--surface) p-4">
              <ContractSummary contract={c} request={p.request} />
              {p.request === 'offer' && <CascadeNotice contractId={id} />}
              <div className="mt-3 flex flex-wrap gap-2">
                {p.request === 'offer' ? (
                  <>
                    <Button disabled={busy} onClick={() => void act(p, { action: 'accept', contractId: id })}>
                      {t('contracts.popup.accept')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => void act(p, { action: 'reject', contractId: id })}
                    >
                      {t('contracts.popup.reject')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button
                      disabled={busy}
                      onClick={() => void act(p, { action: 'acceptTermination', contractId: id })}
                    >
                      {t('contracts.popup.acceptTermination')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => void act(p, { action: 'rejectTermination', contractId: id })}
                    >
                      {t('contracts.popup.rejectTermination')}
                    </Button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="mt-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
    </Modal>
  );
}

function ContractSummary({ contract: c, request }: { contract: Contract; request: 'offer' | 'termination' }) {
  const { t } = useTranslation();
  const kind = t(`contracts.kinds.${c.kind}`);
  // The operator's offer has its own sentence: "the operator" does not start one in every language.
  let heading: string;
  if (request === 'termination')
    heading = t('contracts.popup.termination', {
      kind,
      from: c.terminationRequestedBy === 'holder' ? c.holder.username : (c.upline?.username ?? ''),
    });
  else if (c.upline === null) heading = t('contracts.popup.offerOperator', { kind });
  else heading = t('contracts.popup.offer', { kind, from: c.upline.username });
  return (
    <>
      <h3 className="font-semibold">{heading}</h3>
      <p className="text-sm text-(--text-muted)">
        {t('contracts.popup.terms', { period: t(`contracts.periods.${c.period}`), rate: ratePercent(c.ratePpm) })}
      </p>
      <TiersTable tiers={c.tiers} />
    </>
  );
}

/**
 * spec §4 auto-termination, said before the answer: accepting an offer below a rate the member gave
 * its downlines, or a dividend offer on another period than theirs, ends those contracts and the
 * ones under them (the server's preview, by level, with why), under a heading that gives the cause.
 */
function CascadeNotice({ contractId }: { contractId: number }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const ends = useQuery(cascadePreviewQuery(token, contractId)).data?.ends ?? [];
  if (ends.length === 0) return null;
  return (
    <div role="note" className="mt-3 rounded-md border border-(--danger)/40 p-3 text-sm" data-testid="cascade-notice">
      <p className="font-semibold text-(--danger)">{t(cascadeTitleKey(ends))}</p>
      <ul className="mt-1 list-disc ps-5">
        {ends.map((e) => (
          <li key={e.contract.id}>
            {t('contracts.popup.cascadeLine', {
              level: e.level,
              holder: e.contract.holder.username,
              kind: t(`contracts.kinds.${e.contract.kind}`),
              rate: ratePercent(e.contract.ratePpm),
              upline: e.contract.upline?.username ?? '',
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
