import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from './responsive-table';

/** A member-centre table of records (a card per row on phones: components/responsive-table). */
export function RecordsTable({
  caption,
  headers,
  children,
  empty,
}: {
  caption: string;
  headers: string[];
  children: ReactNode;
  empty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable caption={caption} columns={headers} empty={empty} emptyText={t('wallet.noRecords')}>
      {children}
    </ResponsiveTable>
  );
}
