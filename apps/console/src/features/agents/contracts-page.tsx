import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ContractsGrid } from './contracts-grid';

export function ContractsPage() {
  const { t } = useTranslation('agents');
  return (
    <div>
      <PageHeader title={t('contracts.title')} description={t('contracts.description')} />
      <ContractsGrid />
    </div>
  );
}
