import type { Trx } from '../db/database';
import { type BuiltInRole, grantRoleByName, syncBuiltInRoles } from '../modules/operators/operators.service';
import { findMembersByUsernames } from './seed.queries';

/**
 * The platform's built-in roles (read-only in the back office: an operator who wants another mix
 * makes a role of their own). Kept up to date at every start. members.pii (personal data in full)
 * goes to the desks whose work is that data: the cashier pays into account numbers, compliance
 * checks identities. Support reads it masked and, with members.reveal, shows one field at a time,
 * audited; the Analyst reads it masked only.
 */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  { name: 'Administrator', permissions: ['*'] },
  {
    name: 'Cashier',
    permissions: ['dashboard.read', 'members.read', 'members.pii', 'cashier.read', 'cashier.approve'],
  },
  {
    name: 'Support',
    permissions: [
      'dashboard.read',
      'members.read',
      'members.write',
      'members.reveal',
      'cashier.read',
      'games.read',
      'agents.read',
      'support.chat',
      // The public chat room's moderation: delete messages, mute and ban members.
      'chatroom.moderate',
      'feedback.answer',
      'messages.read',
    ],
  },
  {
    name: 'Content editor',
    permissions: ['dashboard.read', 'content.write', 'games.read', 'games.write', 'messages.read', 'messages.write'],
  },
  {
    // Identity checks and player protection: the licence holder's compliance desk.
    name: 'Compliance',
    permissions: [
      'dashboard.read',
      'members.read',
      'members.pii',
      'cashier.read',
      'kyc.review',
      'risk.read',
      'risk.write',
      'players.protect',
      'audit.read',
      // The card room's integrity: hand histories with every hole card, chip dumping and soft play.
      'pvp.review',
    ],
  },
  {
    // The sportsbook's trading desk: events, markets, margins, limits, results (the trader console).
    name: 'Trader',
    permissions: ['dashboard.read', 'games.read', 'reports.read', 'sportsbook.trade'],
  },
  {
    name: 'Analyst',
    permissions: [
      'dashboard.read',
      'members.read',
      'cashier.read',
      'games.read',
      'reports.read',
      'audit.read',
      'agents.read',
    ],
  },
];

/** Built-in roles always; in demo mode the demo operator `admin` holds Administrator. */
export async function seedOperatorRoles(trx: Trx, options: { demo: boolean; now: Date }): Promise<void> {
  await syncBuiltInRoles(trx, BUILT_IN_ROLES, options.now);
  if (!options.demo) return;
  const [admin] = await findMembersByUsernames(trx, ['admin']);
  if (admin) await grantRoleByName(trx, admin.id, 'Administrator');
}
