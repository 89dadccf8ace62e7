import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { StatementsGrid } from './statements-grid';

export function StatementsPage() {
  const { t } = useTranslation('agents');
  return (
    <div>
      <PageHeader title={t('statements.title')} description={t('statements.description')} />
      <StatementsGrid />
    </div>
  );
}
