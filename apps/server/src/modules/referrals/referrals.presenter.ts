import type { Invitee, ReferralSummary } from '@gamehall/shared/api/referrals';
import { toMajor } from '@gamehall/shared/money';
import type { invitees, summary } from './referrals.service';

/** A friend's username as the referrer sees it: the first two and the last character. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

export function presentSummary(s: Awaited<ReturnType<typeof summary>>): ReferralSummary {
  return { ...s, earned: toMajor(s.earned) };
}

type InviteeRow = Awaited<ReturnType<typeof invitees>>['rows'][number];

export function presentInvitee(r: InviteeRow): Invitee {
  return {
    username: maskUsername(r.username),
    registeredAt: new Date(r.created_at).toISOString(),
    firstDeposit: r.first_deposit_at !== null,
    turnoverReached: r.turnover_reached_at !== null,
    earned: toMajor(r.earned ?? 0),
  };
}
