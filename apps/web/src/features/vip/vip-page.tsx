import { GAME_TYPES } from '@gamehall/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { ResponsiveTable } from '../../components/responsive-table';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { ratePercent, vipSummaryQuery } from './api';

const cell = 'whitespace-nowrap py-2 pr-4';

function Progress({ label, value, target, testId }: { label: string; value: number; target: number; testId: string }) {
  const money = useMoney();
  return (
    <div className="mb-3">
      <div className="mb-1 flex justify-between text-sm">
        <span>{label}</span>
        <span data-testid={testId}>
          {money(Math.min(value, target))} / {money(target)}
        </span>
      </div>
      <progress className="h-2 w-full" max={target || 1} value={Math.min(value, target)} aria-label={label} />
    </div>
  );
}

// The member's level, progress to the next (both thresholds over the window) and
// the privileges table of every level (docs/vip.md).
export function VipPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const summary = useQuery(vipSummaryQuery(token));
  const s = summary.data;
  const limit = (v: number | null, format: (n: number) => string) => (v === null ? t('vip.noLimit') : format(v));
  // Only the game types some level rebates: the table stays as narrow as the programme allows.
  const rebated = GAME_TYPES.filter((g) => s?.levels.some((l) => l.rebateRates.some((r) => r.gameType === g)));
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('vip.title')}</h1>
      {summary.isError && (
        <p role="alert" className="text-sm text-(--danger)">
          {t('vip.loadError')}
        </p>
      )}
      {s && (
        <>
          <div className="mb-6 max-w-md rounded-lg bg-(--surface) p-4">
            <p className="text-sm text-(--text-muted)">{t('vip.yourLevel')}</p>
            <p className="text-2xl font-bold" data-testid="vip-level">
              {s.labelName} <span className="text-base font-normal">({t('vip.levelNumber', { level: s.level })})</span>
            </p>
            <p className="mt-2 text-sm text-(--text-muted)">{t('vip.window', { days: s.windowDays })}</p>
            <p className="text-sm">
              {t('vip.deposits')}: <span data-testid="vip-deposits">{money(s.deposits)}</span> · {t('vip.validBets')}:{' '}
              <span data-testid="vip-valid-bets">{money(s.validBets)}</span>
            </p>
          </div>
          <div className="mb-6 max-w-md" data-testid="vip-next">
            {s.next ? (
              <>
                <h2 className="mb-3 font-semibold">{t('vip.toNext', { label: s.next.labelName })}</h2>
                <Progress
                  label={t('vip.deposits')}
                  value={s.deposits}
                  target={s.next.minDeposit}
                  testId="vip-progress-deposits"
                />
                <Progress
                  label={t('vip.validBets')}
                  value={s.validBets}
                  target={s.next.minValidBet}
                  testId="vip-progress-bets"
                />
                <p className="text-sm text-(--text-muted)">{t('vip.bothNeeded')}</p>
              </>
            ) : (
              <p>{t('vip.topLevel')}</p>
            )}
          </div>
          <h2 className="mb-3 font-semibold">{t('vip.privileges')}</h2>
          <div className="overflow-x-auto">
            <ResponsiveTable
              caption={t('vip.privileges')}
              testId="vip-privileges"
              columns={[
                t('vip.level'),
                t('vip.minDeposit'),
                t('vip.minValidBet'),
                t('vip.upgradeBonus'),
                t('vip.monthlyBonus'),
                t('vip.birthdayBonus'),
                t('vip.withdrawCount'),
                t('vip.withdrawAmount'),
                ...rebated.map((g) => t('vip.rebateOf', { gameType: t(`categories.${g}`, { defaultValue: g }) })),
              ]}
            >
              {s.levels.map((l) => (
                <tr
                  key={l.level}
                  className={`border-t border-(--text-muted)/20 ${l.level === s.level ? 'font-semibold text-(--accent)' : ''}`}
                  data-testid="vip-privilege-row"
                  aria-current={l.level === s.level ? 'true' : undefined}
                >
                  <td className={cell}>{l.labelName}</td>
                  <td className={cell}>{money(l.minDeposit)}</td>
                  <td className={cell}>{money(l.minValidBet)}</td>
                  <td className={cell}>{money(l.upgradeBonus)}</td>
                  <td className={cell}>{money(l.monthlyBonus)}</td>
                  <td className={cell}>{money(l.birthdayBonus)}</td>
                  <td className={cell}>{limit(l.withdrawDailyCount, String)}</td>
                  <td className={cell}>{limit(l.withdrawDailyAmount, money)}</td>
                  {rebated.map((g) => {
                    const rate = l.rebateRates.find((r) => r.gameType === g);
                    return (
                      <td key={g} className={cell}>
                        {rate ? ratePercent(rate.ratePpm) : '-'}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </ResponsiveTable>
          </div>
          <p className="mt-6 text-sm">
            <Link className="text-(--accent) underline" to={paths.memberEntry('manualRebate')}>
              {t('member.menu.manualRebate')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
