import type { ContractTier } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A tier as typed: the rate as a percentage ("0.35"), the thresholds as written. */
export type TierDraft = { minValidBet: string; minActiveMembers: string; ratePercent: string };

export function tierDrafts(tiers: ContractTier[]): TierDraft[] {
  return tiers.map((x) => ({
    minValidBet: String(x.minValidBet),
    minActiveMembers: String(x.minActiveMembers),
    ratePercent: String(x.ratePpm / 10_000),
  }));
}

/** The tiers to send; a blank or non-number value is sent as NaN and refused by the shared schema. */
export function tiersOf(drafts: TierDraft[]): ContractTier[] {
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
  return drafts.map((d) => ({
    minValidBet: num(d.minValidBet),
    minActiveMembers: num(d.minActiveMembers),
    // Rates are whole ppm (docs/agents.md): 0.35 % is 3500 ppm.
    ratePpm: Math.round(num(d.ratePercent) * 10_000),
  }));
}

/** The tiers of a contract or template, one row each (docs/agents.md "Tiers are data"). */
export function TiersEditor({
  value,
  onChange,
  error,
}: {
  value: TierDraft[];
  onChange: (next: TierDraft[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('agents');
  const id = useId();
  const set = (i: number, patch: Partial<TierDraft>) =>
    onChange(value.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const input = 'w-full rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-sm text-(--text)';
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{t('fields.tiers')}</legend>
      <p className="mb-2 text-xs text-(--text-muted)">{t('tiers.hint')}</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-(--text-muted)">
            <th className="pr-2 font-normal">{t('tiers.minValidBet')}</th>
            <th className="pr-2 font-normal">{t('tiers.minActiveMembers')}</th>
            <th className="pr-2 font-normal">{t('tiers.ratePercent')}</th>
            <th>
              <span className="sr-only">{t('common.actions', { ns: 'core' })}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {value.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no identity beyond their place
            <tr key={i}>
              <td className="py-1 pr-2">
                <input
                  aria-label={t('tiers.minValidBetOf', { n: i + 1 })}
                  inputMode="decimal"
                  className={input}
                  value={d.minValidBet}
                  onChange={(e) => set(i, { minValidBet: e.target.value })}
                />
              </td>
              <td className="py-1 pr-2">
                <input
                  aria-label={t('tiers.minActiveMembersOf', { n: i + 1 })}
                  inputMode="numeric"
                  className={input}
                  value={d.minActiveMembers}
                  onChange={(e) => set(i, { minActiveMembers: e.target.value })}
                />
              </td>
              <td className="py-1 pr-2">
                <input
                  aria-label={t('tiers.ratePercentOf', { n: i + 1 })}
                  inputMode="decimal"
                  className={input}
                  value={d.ratePercent}
                  onChange={(e) => set(i, { ratePercent: e.target.value })}
                />
              </td>
              <td className="py-1">
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  aria-label={t('tiers.remove', { n: i + 1 })}
                  disabled={value.length === 1}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  <Trash2 size={14} aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-(--danger)">
          {error}
        </p>
      )}
      <Button
        variant="ghost"
        className="mt-1 px-2 py-1 text-xs"
        disabled={value.length >= 10}
        onClick={() => onChange([...value, { minValidBet: '', minActiveMembers: '0', ratePercent: '' }])}
      >
        <Plus size={14} aria-hidden /> {t('tiers.add')}
      </Button>
    </fieldset>
  );
}
