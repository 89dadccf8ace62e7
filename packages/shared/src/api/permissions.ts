import { z } from 'zod';

/**
 * The back office's permissions. A role is a set of them; an operator (account type 90) holds the
 * union of their roles' permissions, and '*' grants every one. Every `/admin/...` route declares
 * the one it needs as `config: { auth: 'admin:<permission>' }`, and the console shows a screen only
 * to an operator who holds its permission (the server's check is the one that counts).
 */
export const PERMISSIONS = [
  'dashboard.read',
  'members.read',
  'members.write',
  'members.pii',
  'members.reveal',
  'wallet.adjust',
  'wallet.approve',
  'cashier.read',
  'cashier.approve',
  'cashier.settings',
  'site.write',
  'content.write',
  'games.read',
  'games.write',
  'reports.read',
  'operators.admin',
  'audit.read',
  'agents.read',
  'agents.write',
  'points.read',
  'points.write',
  'promotions.read',
  'promotions.write',
  'support.chat',
  'players.protect',
  'kyc.review',
  'risk.read',
  'risk.write',
  'messages.read',
  'messages.write',
  'campaigns.manage',
  'feedback.answer',
  'sportsbook.trade',
  'pvp.review',
  'chatroom.moderate',
] as const;

export type Permission = (typeof PERMISSIONS)[number];
export const ALL_PERMISSIONS = '*';

export const PermissionName = z.enum(PERMISSIONS);
/**
 * Holders see members' mobile numbers, email addresses, bank account numbers and real names in full
 * in every admin response; everyone else reads them masked (apps/server/src/http/pii.ts).
 */
export const PII_PERMISSION = 'members.pii' satisfies Permission;
/**
 * Holders may ask for one member's mobile, email or name in full, one field at a time, each ask
 * audited (POST /admin/members/:id/reveal); members.read alone reads them masked only.
 */
export const REVEAL_PERMISSION = 'members.reveal' satisfies Permission;

/** A role's or an operator's permission list: named permissions, or '*' alone for all of them. */
export const PermissionList = z.union([z.array(PermissionName).max(PERMISSIONS.length), z.tuple([z.literal('*')])]);

export function holdsPermission(granted: readonly string[], permission: Permission): boolean {
  return granted.includes(ALL_PERMISSIONS) || granted.includes(permission);
}
