import type { Permission } from './permissions';

// The console's "work to do" panel: what waits for an operator, source by source, with the age of
// the oldest item. Each source names the permission of the screen that works it (an operator sees
// only the sources whose screen they may open, and the socket tells only them) and that screen's
// console path. A new source is one entry here; the server's compiler then asks for its count
// query (modules/reports/work-queue.queries.ts) and the console for its label. No zod here: the
// console imports this list into its pages.

export const WORK_SOURCES = [
  { name: 'deposits', permission: 'cashier.read', screen: '/cashier/deposits?status=pending' },
  { name: 'withdrawals', permission: 'cashier.read', screen: '/cashier/withdrawals?status=pending' },
  { name: 'bankAccounts', permission: 'cashier.read', screen: '/cashier/bank-accounts?status=pending' },
  { name: 'adjustments', permission: 'members.read', screen: '/adjustments?status=pending' },
  { name: 'kycDocuments', permission: 'kyc.review', screen: '/kyc/queue' },
  { name: 'chats', permission: 'support.chat', screen: '/support/inbox' },
  { name: 'feedback', permission: 'feedback.answer', screen: '/messages/feedback' },
  { name: 'heldStatements', permission: 'agents.read', screen: '/agents/statements?status=held' },
  { name: 'riskLinks', permission: 'risk.read', screen: '/risk/links' },
  { name: 'riskFlags', permission: 'risk.read', screen: '/risk/flags' },
] as const satisfies readonly { name: string; permission: Permission; screen: string }[];

export type WorkSourceName = (typeof WORK_SOURCES)[number]['name'];

export function workSource(name: WorkSourceName): (typeof WORK_SOURCES)[number] {
  return WORK_SOURCES.find((s) => s.name === name) as (typeof WORK_SOURCES)[number];
}
