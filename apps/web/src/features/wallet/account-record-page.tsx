import { TransactionType } from '@gamehall/shared/api/wallet';
import { Button } from '@gamehall/ui/button';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSession } from '../../lib/session';
import { type TransactionFilter, transactionsQuery } from './api';
import { cell, DataTable, formatTime, Pager, PageTitle, row, SelectField, useMoney } from './components';
import { type DateFilter, dateRangeQuery, entryKind } from './wallet-logic';

type Type = z.infer<typeof TransactionType>;

// spec §2 transactionHistory: cash movements with a type filter, past 7 / past 30 days shortcuts or
// custom dates, paged.
export function AccountRecordPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [type, setType] = useState<Type | ''>('');
  const [dates, setDates] = useState<DateFilter>({ kind: 'past7' });
  const [custom, setCustom] = useState({ startDate: '', endDate: '' });
  const [rangeError, setRangeError] = useState('');
  const [page, setPage] = useState(1);
  const range = dateRangeQuery(dates) ?? { range: 'past7' as const };
  const filter: TransactionFilter = { ...range, ...(type ? { type } : {}), pageNo: page };
  const query = useQuery(transactionsQuery(token, filter));
  const data = query.data;

  const shortcut = (kind: 'past7' | 'past30') => {
    setDates({ kind });
    setRangeError('');
    setPage(1);
  };
  const applyCustom = (e: FormEvent) => {
    e.preventDefault();
    const next: DateFilter = { kind: 'custom', ...custom };
    if (!dateRangeQuery(next)) {
      setRangeError(t('wallet.record.badRange'));
      return;
    }
    setRangeError('');
    setDates(next);
    setPage(1);
  };
  const input = 'rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1.5 text-sm';
  return (
    <div>
      <PageTitle>{t('member.menu.transactionHistory')}</PageTitle>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-48 max-w-full">
          <SelectField
            label={t('wallet.record.type')}
            value={type}
            onChange={(e) => {
              setType(e.target.value as Type | '');
              setPage(1);
            }}
          >
            <option value="">{t('wallet.record.allTypes')}</option>
            {TransactionType.options.map((o) => (
              <option key={o} value={o}>
                {t(`wallet.types.${o}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="mb-3 flex gap-1">
          <legend className="sr-only">{t('wallet.record.period')}</legend>
          {(['past7', 'past30'] as const).map((kind) => (
            <Button
              key={kind}
              variant={dates.kind === kind ? 'primary' : 'secondary'}
              aria-pressed={dates.kind === kind}
              onClick={() => shortcut(kind)}
            >
              {t(`wallet.record.${kind}`)}
            </Button>
          ))}
        </fieldset>
      </div>
      <form onSubmit={applyCustom} className="mb-4 flex flex-wrap items-end gap-2" noValidate>
        <label className="text-sm">
          <span className="mb-1 block">{t('wallet.record.from')}</span>
          <input
            type="date"
            className={input}
            value={custom.startDate}
            onChange={(e) => setCustom((c) => ({ ...c, startDate: e.target.value }))}
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block">{t('wallet.record.to')}</span>
          <input
            type="date"
            className={input}
            value={custom.endDate}
            onChange={(e) => setCustom((c) => ({ ...c, endDate: e.target.value }))}
          />
        </label>
        <Button type="submit" variant={dates.kind === 'custom' ? 'primary' : 'secondary'}>
          {t('wallet.record.search')}
        </Button>
        {rangeError && (
          <p role="alert" className="w-full text-xs text-(--danger)">
            {rangeError}
          </p>
        )}
      </form>
      <DataTable
        caption={t('member.menu.transactionHistory')}
        headers={[
          t('wallet.time'),
          t('wallet.record.type'),
          t('wallet.reference'),
          t('wallet.amount'),
          t('wallet.record.balanceAfter'),
        ]}
        empty={!query.isPending && (data?.content.length ?? 0) === 0}
      >
        {data?.content.map((e) => (
          <tr key={`${e.reference}-${e.time}-${e.type}`} className={row} data-testid="record-row">
            <td className={cell}>{formatTime(e.time)}</td>
            <td className={cell}>{t(`wallet.types.${entryKind(e.type)}`, { defaultValue: e.type })}</td>
            {/* A bet or win names its game; its vendor:round reference stays in the tooltip for support. */}
            <td className={cell} title={e.gameName ? e.reference : undefined}>
              {e.gameName ?? e.reference}
              {/* A sportsbook round names its event(s) under the game. */}
              {e.event && <span className="block text-xs text-(--text-muted)">{e.event}</span>}
            </td>
            <td className={`${cell} ${e.amount < 0 ? 'text-(--danger)' : 'text-(--success)'}`}>{money(e.amount)}</td>
            <td className={cell}>{money(e.balanceAfter)}</td>
          </tr>
        ))}
      </DataTable>
      {data && (
        <p className="mt-2 text-xs text-(--text-muted)">{t('wallet.record.total', { n: data.totalElements })}</p>
      )}
      <Pager page={page} totalPages={data?.totalPages ?? 0} onChange={setPage} />
    </div>
  );
}
