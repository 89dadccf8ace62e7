import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { bonusQuery } from './api';
import { BalanceCard, cell, DataTable, formatTime, Pager, PageTitle, row, SectionTitle, useMoney } from './components';

// spec §2 bonusDetails: the bonus balance and its movements, paged.
export function BonusPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const query = useQuery(bonusQuery(token, page));
  const data = query.data;
  return (
    <div>
      <PageTitle>{t('member.menu.bonusDetails')}</PageTitle>
      <BalanceCard
        className="max-w-xs"
        label={t('wallet.bonusWallet')}
        amount={data && money(data.balance)}
        testId="bonus-balance"
      />
      <SectionTitle>{t('wallet.bonusEntries')}</SectionTitle>
      <DataTable
        caption={t('wallet.bonusEntries')}
        headers={[t('wallet.time'), t('wallet.reference'), t('wallet.amount'), t('wallet.record.balanceAfter')]}
        empty={!query.isPending && (data?.entries.content.length ?? 0) === 0}
      >
        {data?.entries.content.map((e) => (
          <tr key={`${e.reference}-${e.time}`} className={row}>
            <td className={cell}>{formatTime(e.time)}</td>
            <td className={cell}>{e.reference}</td>
            <td className={cell}>{money(e.amount)}</td>
            <td className={cell}>{money(e.balanceAfter)}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} totalPages={data?.entries.totalPages ?? 0} onChange={setPage} />
    </div>
  );
}
