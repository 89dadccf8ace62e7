import type { ContractTier } from '@gamehall/shared/api/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/use-money';
import { ratePercent } from './contract-rules';

/** A contract's tiers (docs/agents.md "Tiers are data"): thresholds and the rate each one gives. */
export function TiersTable({ tiers }: { tiers: ContractTier[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="overflow-x-auto">
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{t('contracts.tiers')}</caption>
        <thead className="text-(--text-muted)">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('contracts.minValidBet')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('contracts.minActiveMembers')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('contracts.rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={`${tier.minValidBet}-${tier.minActiveMembers}`}>
              <td className="py-1 pr-3 tabular-nums">{money(tier.minValidBet)}</td>
              <td className="py-1 pr-3 tabular-nums">{tier.minActiveMembers}</td>
              <td className="py-1 tabular-nums">{ratePercent(tier.ratePpm)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
