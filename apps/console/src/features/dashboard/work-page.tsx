import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WorkPanel } from './work-panel';

/** The work to do on a page of its own, for every operator (the overview needs dashboard.read). */
export function WorkPage() {
  const { t } = useTranslation('dashboard');
  return (
    <div>
      <PageHeader title={t('work.title')} description={t('work.description')} />
      <WorkPanel />
    </div>
  );
}
