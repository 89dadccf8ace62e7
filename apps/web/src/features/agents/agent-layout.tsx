import { Button } from '@gamehall/ui/button';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Toaster } from 'sonner';
import { paths } from '../../app/paths';
import { openModal } from '../../lib/modals';
import { useSession } from '../../lib/session';
import { memberInfoQuery } from '../../lib/site-queries';
import { AgentRoutes } from './agent-routes';
import { heldContractKinds } from './contracts-api';
import { visibleAgentMenu } from './menu';

/**
 * spec §2 /agentHome "entered after an agent-page login", §6 roles. The centre runs on the site's
 * one session: a guest gets the agent-page login (the login modal with area 'agent', which refuses
 * non-agents with ACCOUNT_NOT_AGENT), a signed-in member who is not an agent gets the refusal, and
 * an agent (signed in here or on the member site) gets the centre.
 */
export function AgentLayout() {
  const { token, isAgent } = useSession();
  const info = useQuery(memberInfoQuery(token));
  if (!token) return <AgentSignIn />;
  // Member info is the server's word on the account type; the login answer's flag stands in meanwhile.
  const agent = info.data ? info.data.isAgent : isAgent;
  if (!agent) return <NotAgent />;
  return <AgentCentre />;
}

function AgentCentre() {
  const { t } = useTranslation();
  const { token } = useSession();
  const held = useQuery(heldContractKinds(token)).data ?? new Set();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[240px_1fr]">
      <nav aria-label={t('agent.title')} className="min-w-0 rounded-xl bg-(--surface-raised) p-3">
        <h2 className="mb-2 flex items-center gap-2 px-2 font-bold text-(--accent)">
          <Users size={18} aria-hidden />
          {t('agent.title')}
        </h2>
        <ul className="flex gap-1 overflow-x-auto md:flex-col" data-testid="agent-menu">
          {visibleAgentMenu(held).map((entry) => (
            <li key={entry.name}>
              <NavLink
                to={paths.agentEntry(entry.name)}
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded px-3 py-2 text-sm ${isActive ? 'bg-(--accent) text-(--accent-contrast)' : 'hover:bg-(--surface)'}`
                }
              >
                {t(entry.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 rounded-xl bg-(--surface-raised) p-6">
        <AgentRoutes />
      </section>
      <Toaster position="top-center" richColors />
    </div>
  );
}

/** spec §4: the agent page's login; the modal opens at once and stays reachable from here. */
function AgentSignIn() {
  const { t } = useTranslation();
  useEffect(() => openModal('login'), []);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <Users size={40} aria-hidden className="mx-auto mb-3 text-(--accent)" />
      <h1 className="mb-2 text-xl font-bold">{t('agent.signIn.title')}</h1>
      <p className="mb-6 text-(--text-muted)">{t('agent.signIn.intro')}</p>
      <Button onClick={() => openModal('login')}>{t('auth.login')}</Button>
    </div>
  );
}

/** spec §6: "non-agents cannot log in to the agent area". */
function NotAgent() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-testid="agent-refused">
      <ShieldAlert size={40} aria-hidden className="mx-auto mb-3 text-(--danger)" />
      <h1 className="mb-2 text-xl font-bold">{t('agent.title')}</h1>
      <p role="alert" className="text-(--danger)">
        {t('errors.ACCOUNT_NOT_AGENT')}
      </p>
    </div>
  );
}
