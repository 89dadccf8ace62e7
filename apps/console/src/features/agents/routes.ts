import { Calculator, FileSignature, Network, ReceiptText, SlidersHorizontal } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'agents',
  menu: [
    { path: 'agents', label: 'menu.agents', icon: Network, permission: 'agents.read' },
    { path: 'agents/contracts', label: 'menu.contracts', icon: FileSignature, permission: 'agents.read' },
    { path: 'agents/statements', label: 'menu.statements', icon: ReceiptText, permission: 'agents.read' },
    { path: 'agents/commission', label: 'menu.commission', icon: Calculator, permission: 'agents.read' },
    { path: 'agents/templates', label: 'menu.templates', icon: SlidersHorizontal, permission: 'agents.read' },
  ],
  routes: [
    { path: 'agents', permission: 'agents.read', page: lazyPage(() => import('./agents-page'), 'AgentsPage') },
    {
      path: 'agents/contracts',
      permission: 'agents.read',
      page: lazyPage(() => import('./contracts-page'), 'ContractsPage'),
    },
    {
      path: 'agents/statements',
      permission: 'agents.read',
      page: lazyPage(() => import('./statements-page'), 'StatementsPage'),
    },
    {
      path: 'agents/statements/:id',
      permission: 'agents.read',
      page: lazyPage(() => import('./statement-page'), 'StatementPage'),
    },
    {
      path: 'agents/commission',
      permission: 'agents.read',
      page: lazyPage(() => import('./commission-page'), 'CommissionPage'),
    },
    {
      path: 'agents/templates',
      permission: 'agents.read',
      page: lazyPage(() => import('./templates-page'), 'TemplatesPage'),
    },
    { path: 'agents/:id', permission: 'agents.read', page: lazyPage(() => import('./agent-page'), 'AgentPage') },
  ],
};
