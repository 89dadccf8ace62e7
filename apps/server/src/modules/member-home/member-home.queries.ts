import { type Expression, type RawBuilder, sql } from 'kysely';
import { prepared } from '../../db/prepared';

/**
 * What the header's state reads beside the member's own row, each as a scalar subquery of the module
 * that owns its tables (passed in: a view's queries import no other module at run time).
 */
export type HeaderParts = {
  balances: (
    member: Expression<unknown>,
    currency: unknown,
  ) => { available: RawBuilder<string>; bonus: RawBuilder<string> };
  vipLabel: (level: Expression<unknown>) => RawBuilder<string | null>;
  claimableRewards: (member: Expression<unknown>, now: unknown) => RawBuilder<string>;
  claimableMissions: (member: Expression<unknown>, now: unknown) => RawBuilder<string>;
  unreadMessages: (member: Expression<unknown>) => RawBuilder<string>;
  referralProgrammeOn: RawBuilder<boolean>;
};

/**
 * The header's state (GET /wps/member/publicState, polled by every signed-in page) in one prepared
 * statement: nine separate reads cost the server and the database far more per call in round trips
 * and per-statement work than the reads themselves (docs/benchmarks.md "Cheap requests").
 */
export function headerStateQuery(parts: HeaderParts) {
  return prepared(3, (db, memberId: number, currency: string, now: Date) => {
    const member = sql.ref('m.id');
    const balances = parts.balances(member, currency);
    return db
      .selectFrom('members as m')
      .select([
        'm.type',
        'm.vip_level',
        'm.avatar',
        balances.available.as('available'),
        balances.bonus.as('bonus'),
        parts.vipLabel(sql.ref('m.vip_level')).as('vip_label'),
        parts.claimableRewards(member, now).as('claimable_rewards'),
        parts.claimableMissions(member, now).as('claimable_missions'),
        parts.unreadMessages(member).as('unread_messages'),
        parts.referralProgrammeOn.as('referral_on'),
      ])
      .where('m.id', '=', memberId);
  });
}
