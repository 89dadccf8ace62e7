import type { Permission } from './permissions';

// The console's "work to do" panel: what waits for an operator, source by source, with the age of
// the oldest item. Each source names the permission of the screen that works it, the permission
// that acts on its items (approves, confirms, answers, decides) and that screen's console path: an
// operator sees only the sources they can act on and whose screen they may open (worksOn), and the
// socket tells only them. A new source is one entry here; the server's compiler then asks for its count
// query (modules/reports/work-queue.queries.ts) and the console for its label. No zod here: the
// console imports this list into its pages.

export const WORK_SOURCES = [
  { name: 'deposits', permission: 'cashier.read', act: 'cashier.approve', screen: '/cashier/deposits?status=pending' },
  {
    name: 'withdrawals',
    permission: 'cashier.read',
    act: 'cashier.approve',
    screen: '/cashier/withdrawals?status=pending',
  },
  {
    name: 'bankAccounts',
    permission: 'cashier.read',
    act: 'cashier.approve',
    screen: '/cashier/bank-accounts?status=pending',
  },
  { name: 'adjustments', permission: 'members.read', act: 'wallet.approve', screen: '/adjustments?status=pending' },
  { name: 'kycDocuments', permission: 'kyc.review', act: 'kyc.review', screen: '/kyc/queue' },
  { name: 'chats', permission: 'support.chat', act: 'support.chat', screen: '/support/inbox' },
  { name: 'feedback', permission: 'feedback.answer', act: 'feedback.answer', screen: '/messages/feedback' },
  {
    name: 'heldStatements',
    permission: 'agents.read',
    act: 'agents.write',
    screen: '/agents/statements?status=held',
  },
  { name: 'riskLinks', permission: 'risk.read', act: 'risk.write', screen: '/risk/links' },
  { name: 'riskFlags', permission: 'risk.read', act: 'risk.write', screen: '/risk/flags' },
] as const satisfies readonly { name: string; permission: Permission; act: Permission; screen: string }[];

export type WorkSourceName = (typeof WORK_SOURCES)[number]['name'];

export function workSource(name: WorkSourceName): (typeof WORK_SOURCES)[number] {
  return WORK_SOURCES.find((s) => s.name === name) as (typeof WORK_SOURCES)[number];
}

/** Whether an operator holding `holds` works `source`: opens its screen and acts on its items. */
export function worksOn(holds: (permission: Permission) => boolean, source: (typeof WORK_SOURCES)[number]): boolean {
  return holds(source.permission) && holds(source.act);
}
