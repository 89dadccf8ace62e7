import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { protectionReportQuery } from './api';

const td = 'px-3 py-2 text-right';

// Limits set and breaks taken per month (brand time zone), the last 12 months.
export function ProtectionReportPage() {
  const { t } = useTranslation('protection');
  const report = useQuery(protectionReportQuery(12));
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={t('report.title')}
        description={t('report.description', { timeZone: report.data?.timeZone ?? '' })}
      />
      <QueryErrorAlert error={report.error} />
      <PlainTable
        caption={t('report.title')}
        columns={[
          { label: t('report.month') },
          { label: t('report.limitsSet'), numeric: true },
          { label: t('report.limitsRaised'), numeric: true },
          { label: t('report.timeouts'), numeric: true },
          { label: t('report.exclusions'), numeric: true },
          { label: t('report.lifted'), numeric: true },
        ]}
      >
        {report.data?.months.map((m) => (
          <tr key={m.month} className="border-t border-(--border)">
            <td className="px-3 py-2">{m.month}</td>
            <td className={td}>{m.limitsSet}</td>
            <td className={td}>{m.limitsRaised}</td>
            <td className={td}>{m.timeouts}</td>
            <td className={td}>{m.exclusions}</td>
            <td className={td}>{m.lifted}</td>
          </tr>
        ))}
      </PlainTable>
      {report.data && report.data.months.length === 0 && (
        <p className="mt-3 text-sm text-(--text-muted)">{t('report.empty')}</p>
      )}
    </div>
  );
}
