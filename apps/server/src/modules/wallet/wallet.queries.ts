import { sql } from 'kysely';
import type { Conn } from '../../db/database';

// The wallet's reads: the member columns a transfer needs, a vendor's transfer mode, and the
// records pages over the ledger's entries (read only: modules/ledger alone writes ledger tables).

// ---- members (only the columns the wallet needs)

export function walletMember(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status', 'upline_id', 'payment_password_hash'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function walletMemberByUsername(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status', 'upline_id', 'payment_password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
}

// ---- history

/** `type` matches a posting type exactly or as its prefix before a dot ('deposit' matches 'deposit.manual'). */
export type EntryFilter = { accountIds: number[]; type?: string; from?: Date; to?: Date };

function filteredEntries(db: Conn, f: EntryFilter) {
  let q = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_postings', 'ledger_postings.id', 'ledger_entries.posting_id')
    .where('ledger_entries.account_id', 'in', f.accountIds.length > 0 ? f.accountIds : [-1]);
  const type = f.type;
  if (type)
    q = q.where((eb) =>
      eb.or([eb('ledger_postings.type', '=', type), eb('ledger_postings.type', 'like', `${type}.%`)]),
    );
  if (f.from) q = q.where('ledger_postings.created_at', '>=', f.from);
  if (f.to) q = q.where('ledger_postings.created_at', '<', f.to);
  return q;
}

export async function countEntries(db: Conn, f: EntryFilter) {
  const row = await filteredEntries(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The postings of a vendor round (a bet, a win, a correction, a bet rolled back): their reference is
 * vendor:round.
 */
const vendorPosting = sql`(ledger_postings.type LIKE '%.vendor' OR ledger_postings.type LIKE 'win.resettle-%' OR ledger_postings.type = 'bet.rollback')`;

export function pageEntries(db: Conn, f: EntryFilter, page: { offset: number; limit: number }) {
  return filteredEntries(db, f)
    .select([
      'ledger_entries.id',
      'ledger_postings.reference',
      'ledger_postings.type',
      'ledger_entries.amount',
      'ledger_entries.balance_after',
      'ledger_postings.created_at',
      // A vendor posting's reference is vendor:round; the account record names the round's game
      // (its catalogue name and names by language) instead of showing that code, and the event a
      // sportsbook round was on when its vendor described the round.
      sql<{ name: string; names: Record<string, string> } | null>`(
        SELECT jsonb_build_object('name', g.name, 'names', g.names)
          FROM vendor_rounds r JOIN games g ON g.vendor_code = r.vendor_code AND g.game_code = r.game_code
         WHERE ${vendorPosting}
           AND r.vendor_code = split_part(ledger_postings.reference, ':', 1)
           AND r.round_id = substr(ledger_postings.reference, strpos(ledger_postings.reference, ':') + 1)
         LIMIT 1)`.as('game'),
      sql<string | null>`(
        SELECT d.summary FROM vendor_round_details d
         WHERE ${vendorPosting}
           AND d.vendor_code = split_part(ledger_postings.reference, ':', 1)
           AND d.round_id = substr(ledger_postings.reference, strpos(ledger_postings.reference, ':') + 1))`.as('event'),
    ])
    .orderBy('ledger_entries.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Sums of the account's entries per posting type and sign, for the profit-and-loss view. */
export function sumsByType(db: Conn, f: EntryFilter) {
  return filteredEntries(db, f)
    .select([
      'ledger_postings.type',
      sql<number>`coalesce(sum(case when ledger_entries.amount > 0 then ledger_entries.amount else 0 end), 0)`.as(
        'credit',
      ),
      sql<number>`coalesce(sum(case when ledger_entries.amount < 0 then -ledger_entries.amount else 0 end), 0)`.as(
        'debit',
      ),
    ])
    .groupBy('ledger_postings.type')
    .execute();
}

/**
 * A vendor as a wallet transfer needs it: its status and its integration's wallet mode (null when
 * it has no integration).
 */
export function transferVendor(db: Conn, code: string) {
  return db
    .selectFrom('vendors')
    .leftJoin('vendor_integrations as i', 'i.vendor_code', 'vendors.code')
    .select(['vendors.code', 'vendors.status', 'i.wallet_mode', 'i.enabled'])
    .where('vendors.code', '=', code)
    .executeTakeFirst();
}
