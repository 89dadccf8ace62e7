import { Button } from '@gamehall/ui/button';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/session';
import { ContractsGrid } from './contracts-grid';
import { OfferDialog } from './offer-dialog';
import { StatementsGrid } from './statements-grid';
import { TeamTree } from './team-tree';

/** One agent: its team tree (opened level by level), its contracts and its statements. */
export function AgentPage() {
  const { t } = useTranslation('agents');
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  const writable = useCan()('agents.write');
  const [offering, setOffering] = useState(false);
  const name = username || `#${id}`;
  const valid = Number.isSafeInteger(id) && id > 0;

  return (
    <div>
      <Link to="/agents" className="inline-flex items-center gap-1 text-sm text-(--accent) underline">
        <ArrowLeft size={14} aria-hidden />
        {t('agents.title')}
      </Link>
      <PageHeader title={t('agent.title', { name })} description={t('agent.description')} />
      {writable && valid && username && (
        <div className="mb-4">
          <Button onClick={() => setOffering(true)}>{t('offer.button')}</Button>
        </div>
      )}
      {valid && (
        <section className="mb-6">
          <h2 className="mb-2 font-semibold">{t('agent.tree')}</h2>
          <TeamTree parentId={id} label={t('tree.downlinesOf', { name })} />
        </section>
      )}
      {username && (
        <>
          <section className="mb-6">
            <h2 className="mb-2 font-semibold">{t('contracts.title')}</h2>
            <ContractsGrid holder={username} paramPrefix="c." />
          </section>
          <section>
            <h2 className="mb-2 font-semibold">{t('statements.title')}</h2>
            <StatementsGrid holder={username} paramPrefix="s." />
          </section>
        </>
      )}
      <OfferDialog agent={offering ? { id, username } : null} onClose={() => setOffering(false)} />
    </div>
  );
}
