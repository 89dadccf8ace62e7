import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import { OPERATOR_ACCOUNT_TYPE } from '../../http/auth';

// Reads of the console's cashier screens: the bank-account queue and an order's risk hints.

export async function pageBankAccounts(
  db: Conn,
  filter: { status?: 'pending' | 'confirmed' | 'rejected'; q?: string },
  page: { pageNo: number; pageSize: number },
) {
  let base = db.selectFrom('member_bank_accounts').innerJoin('members', 'members.id', 'member_bank_accounts.member_id');
  if (filter.status) base = base.where('member_bank_accounts.status', '=', filter.status);
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(members.username)`, 'like', like),
        eb('member_bank_accounts.account_number', 'like', like),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll('member_bank_accounts')
      .select('members.username')
      .orderBy('member_bank_accounts.created_at', 'desc')
      .orderBy('member_bank_accounts.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Other members holding one of this member's bank account numbers (at most 20). */
export function membersSharingBankAccount(db: Conn, memberId: number) {
  return db
    .selectFrom('member_bank_accounts as other')
    .innerJoin('members', 'members.id', 'other.member_id')
    .select(['members.id', 'members.username'])
    .distinct()
    .where('other.member_id', '!=', memberId)
    .where('members.type', '!=', OPERATOR_ACCOUNT_TYPE)
    .where('other.account_number', 'in', (eb) =>
      eb.selectFrom('member_bank_accounts').select('account_number').where('member_id', '=', memberId),
    )
    .orderBy('members.id')
    .limit(20)
    .execute();
}

export function memberLastIp(db: Conn, memberId: number) {
  return db.selectFrom('members').select('last_login_ip').where('id', '=', memberId).executeTakeFirst();
}

/** Other members whose last sign-in came from this address (at most 20). */
export function membersSharingIp(db: Conn, memberId: number, ip: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('last_login_ip', '=', ip)
    .where('id', '!=', memberId)
    .where('type', '!=', OPERATOR_ACCOUNT_TYPE)
    .orderBy('id')
    .limit(20)
    .execute();
}

/** Withdrawals of the member other than this one that an operator approved (whatever happened after). */
export async function countEarlierApprovedWithdrawals(db: Conn, memberId: number, exceptReference: string) {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('reference', '!=', exceptReference)
    .where('status', 'in', ['approved', 'paid', 'confirmed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
