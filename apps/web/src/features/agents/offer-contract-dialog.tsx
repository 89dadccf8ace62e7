import type { Downline } from '@gamehall/shared/api/agents';
import { type ContractKind, DIVIDEND_PERIODS, MAX_TIERS } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormFooter } from '../../components/form-footer';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { SelectBox } from './components';
import { EMPTY_TIER, parseTiers, ratePercent, type TierText } from './contract-rules';
import { contractAction, heldContractsQuery, offeredContractsQuery } from './contracts-api';

type Period = (typeof DIVIDEND_PERIODS)[number];

/**
 * spec §4 new-contract request: the agent offers a direct downline a contract of a kind it holds
 * itself (kind, period for dividends, tiers), at rates within its own; the downline answers in its
 * contract popup.
 */
export function OfferContractDialog({ downline, onClose }: { downline: Downline; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const held = useQuery(heldContractsQuery(token));
  const offered = useQuery(offeredContractsQuery(token)).data?.content ?? [];
  const own = (held.data?.content ?? []).filter((c) => c.status === 'active' && c.holder.id !== downline.memberId);
  const [kind, setKind] = useState<ContractKind | ''>('');
  const [period, setPeriod] = useState<Period>('weekly');
  const [rows, setRows] = useState<TierText[]>([EMPTY_TIER]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = kind || own[0]?.kind || '';
  const mine = own.find((c) => c.kind === chosen);
  const current = offered.filter(
    (c) => c.holder.id === downline.memberId && (c.status === 'active' || c.status === 'offered'),
  );
  const setRow = (i: number, patch: Partial<TierText>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mine || !chosen) return;
    const tiers = parseTiers(rows, mine.ratePpm);
    if (typeof tiers === 'string') {
      setError(t(tiers, { rate: ratePercent(mine.ratePpm) }));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await contractAction(chosen, {
        action: 'offer',
        downlineId: downline.memberId,
        tiers,
        ...(chosen === 'dividend' ? { period } : {}),
      });
      toast.success(t('agent.offer.done', { username: downline.username }));
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      onClose();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  const input = 'w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1.5 text-sm';
  return (
    <Modal open onClose={onClose} wide title={t('agent.offer.title', { username: downline.username })}>
      {current.length > 0 && (
        <ul className="mb-4 space-y-1 text-sm" data-testid="offer-current">
          {current.map((c) => (
            <li key={c.id}>
              {t('agent.offer.existing', {
                kind: t(`contracts.kinds.${c.kind}`),
                rate: ratePercent(c.ratePpm),
                status: t(`contracts.status.${c.status}`),
              })}
            </li>
          ))}
        </ul>
      )}
      {held.isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : own.length === 0 ? (
        <p role="alert" className="text-(--danger)">
          {t('agent.offer.noOwnContract')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className="mb-3 flex flex-wrap gap-3">
            <SelectBox
              label={t('contracts.kind')}
              value={chosen}
              onChange={(e) => setKind(e.target.value as ContractKind)}
            >
              {own.map((c) => (
                <option key={c.kind} value={c.kind}>
                  {t(`contracts.kinds.${c.kind}`)}
                </option>
              ))}
            </SelectBox>
            {chosen === 'dividend' && (
              <SelectBox
                label={t('contracts.period')}
                value={period}
                onChange={(e) => setPeriod(e.target.value as Period)}
              >
                {DIVIDEND_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`contracts.periods.${p}`)}
                  </option>
                ))}
              </SelectBox>
            )}
          </div>
          {mine && (
            <p className="mb-3 text-sm text-(--text-muted)" data-testid="offer-own-rate">
              {t('agent.offer.ownRate', { rate: ratePercent(mine.ratePpm) })}
            </p>
          )}
          <fieldset className="mb-3">
            <legend className="mb-2 text-sm font-medium">{t('contracts.tiers')}</legend>
            <p className="mb-2 text-xs text-(--text-muted)">{t('agent.offer.tiersHint')}</p>
            {rows.map((row, i) => (
              <div
                // Tiers are edited in place; their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                className="mb-2 grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-2"
              >
                <label className="text-xs">
                  {t('contracts.minValidBet')}
                  <input
                    className={input}
                    inputMode="decimal"
                    value={row.minValidBet}
                    onChange={(e) => setRow(i, { minValidBet: e.target.value })}
                  />
                </label>
                <label className="text-xs">
                  {t('contracts.minActiveMembers')}
                  <input
                    className={input}
                    inputMode="numeric"
                    value={row.minActiveMembers}
                    onChange={(e) => setRow(i, { minActiveMembers: e.target.value })}
                  />
                </label>
                <label className="text-xs">
                  {t('agent.offer.ratePercent')}
                  <input
                    className={input}
                    inputMode="decimal"
                    value={row.rate}
                    onChange={(e) => setRow(i, { rate: e.target.value })}
                  />
                </label>
                <Button
                  variant="ghost"
                  disabled={rows.length === 1}
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                  aria-label={t('agent.offer.removeTier', { n: i + 1 })}
                >
                  <Trash2 size={16} aria-hidden />
                </Button>
              </div>
            ))}
            {rows.length < MAX_TIERS && (
              <Button variant="secondary" onClick={() => setRows((all) => [...all, EMPTY_TIER])}>
                <Plus size={16} aria-hidden />
                {t('agent.offer.addTier')}
              </Button>
            )}
          </fieldset>
          <FormFooter error={error} busy={busy}>
            {t('agent.offer.submit')}
          </FormFooter>
        </form>
      )}
    </Modal>
  );
}
