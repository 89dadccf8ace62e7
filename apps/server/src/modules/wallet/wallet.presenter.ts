import { toMajor } from '@gamehall/shared/money';
import { presentPage } from '../../http/paging';

// Minor units inside, major units at the JSON edge (money.ts).

export function presentBalance(b: {
  balance: number;
  held: number;
  available: number;
  currency: string;
  currencySymbol: string;
}) {
  return {
    balance: toMajor(b.balance),
    available: toMajor(b.available),
    held: toMajor(b.held),
    currency: b.currency,
    currencySymbol: b.currencySymbol,
  };
}

export function presentConsolidated(f: {
  balance: number;
  available: number;
  held: number;
  bonus: number;
  vendorWallets: { vendor: string; balance: number }[];
  currency: string;
}) {
  return {
    balance: toMajor(f.balance),
    available: toMajor(f.available),
    held: toMajor(f.held),
    bonus: toMajor(f.bonus),
    vendorWallets: f.vendorWallets.map((v) => ({ vendor: v.vendor, balance: toMajor(v.balance) })),
    currency: f.currency,
  };
}

export function presentVendorTransfer(t: {
  balance: number;
  available: number;
  vendorBalance: number;
  vendor: string;
  currency: string;
  replayed: boolean;
}) {
  return {
    balance: toMajor(t.balance),
    available: toMajor(t.available),
    vendorBalance: toMajor(t.vendorBalance),
    vendor: t.vendor,
    currency: t.currency,
    replayed: t.replayed,
  };
}

export function presentTransfer(t: {
  reference: string;
  amount: number;
  balance: number;
  available: number;
  currency: string;
  replayed: boolean;
}) {
  return {
    reference: t.reference,
    amount: toMajor(t.amount),
    balance: toMajor(t.balance),
    available: toMajor(t.available),
    currency: t.currency,
    replayed: t.replayed,
  };
}

type EntryRow = {
  reference: string;
  type: string;
  amount: number;
  balance_after: number;
  created_at: Date | string;
  game?: { name: string; names: Record<string, string> | null } | string | null;
  event?: string | null;
};

/** The game of a vendor posting in `language` (its catalogue name otherwise); null for other postings. */
function gameOf(row: EntryRow, language: string): string | null {
  if (!row.game) return null;
  const game = typeof row.game === 'string' ? (JSON.parse(row.game) as Exclude<EntryRow['game'], string>) : row.game;
  if (!game) return null;
  return game.names?.[language] || game.name;
}

export function presentEntry(row: EntryRow, language = 'EN') {
  return {
    reference: row.reference,
    gameName: gameOf(row, language),
    event: row.event ?? null,
    type: row.type,
    amount: toMajor(row.amount),
    balanceAfter: toMajor(row.balance_after),
    time: new Date(row.created_at).toISOString(),
  };
}

export function presentEntries(
  p: { rows: EntryRow[]; total: number; pageNo: number; pageSize: number },
  language = 'EN',
) {
  return presentPage(p, p, (row: EntryRow) => presentEntry(row, language));
}

export function presentProfitLoss(p: {
  deposits: number;
  withdrawals: number;
  transfersIn: number;
  transfersOut: number;
  bets: number;
  wins: number;
  bonuses: number;
  net: number;
  currency: string;
}) {
  return {
    deposits: toMajor(p.deposits),
    withdrawals: toMajor(p.withdrawals),
    transfersIn: toMajor(p.transfersIn),
    transfersOut: toMajor(p.transfersOut),
    bets: toMajor(p.bets),
    wins: toMajor(p.wins),
    bonuses: toMajor(p.bonuses),
    net: toMajor(p.net),
    currency: p.currency,
  };
}

export function presentBonus(b: {
  balance: number;
  currency: string;
  entries: { rows: EntryRow[]; total: number; pageNo: number; pageSize: number };
}) {
  return { balance: toMajor(b.balance), currency: b.currency, entries: presentEntries(b.entries) };
}
