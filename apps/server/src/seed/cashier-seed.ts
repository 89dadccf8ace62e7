import type { Conn } from '../db/database';
import {
  clearDemoEwalletProvider,
  clearReceivingAccountIfUnused,
  retirePayingAccount,
  setMissingEwalletProvider,
  setMissingPayingAccount,
  setMissingReceivingAccount,
} from './seed.queries';

/** The bank transfer method members pay into (migration 0004). */
export const BANK_TRANSFER_METHOD = 'BANK_TRANSFER';

/** The made-up receiving account of the demo brand: shown in demo mode only, nobody owns it. */
export const DEMO_RECEIVING_ACCOUNT = {
  bank_name: 'Demo Bank',
  account_name: 'Gamehall Demo Inc',
  account_number: '0012345678901',
} as const;

/**
 * The demo brand's paying account: withdrawals are marked paid from a brand account, so a demo with
 * none could approve a withdrawal and never finish it. Made up, shown in demo mode only.
 */
export const DEMO_PAYING_ACCOUNT = {
  label: 'Demo payouts',
  bank_name: 'Demo Bank',
  account_name: 'Gamehall Demo Inc',
  account_number: '0012345678902',
} as const;

/**
 * Demo mode gives the bank transfer method the demo receiving account while it has none, and the
 * brand the demo paying account while no account pays withdrawals (an
 * operator's account stays). Outside demo mode no member may be told to pay into it: databases
 * created before the account moved out of migration 0004 still carry it, so it is cleared there
 * (the method is then not offered until the operator sets the brand's account), unless a pending
 * bank transfer order was opened against it and still needs it to be shown.
 */
export async function seedCashier(trx: Conn, demo: boolean): Promise<void> {
  if (demo) await setMissingReceivingAccount(trx, BANK_TRANSFER_METHOD, DEMO_RECEIVING_ACCOUNT);
  else await clearReceivingAccountIfUnused(trx, BANK_TRANSFER_METHOD, DEMO_RECEIVING_ACCOUNT);
  if (demo) await setMissingEwalletProvider(trx, EWALLET_METHOD, DEMO_EWALLET_PROVIDER);
  else await clearDemoEwalletProvider(trx, EWALLET_METHOD, DEMO_EWALLET_PROVIDER);
  // Outside demo mode no withdrawal may be recorded as paid from the made-up account.
  if (demo) await setMissingPayingAccount(trx, DEMO_PAYING_ACCOUNT);
  else await retirePayingAccount(trx, DEMO_PAYING_ACCOUNT);
}

/** The e-wallet method (migration 0090). */
export const EWALLET_METHOD = 'EWALLET';

/**
 * The demo brand's e-wallet provider: an invented name, no company's. It has no pay page or secret
 * of its own, so its orders are paid at the sandbox gateway, which exists in demo mode only.
 */
export const DEMO_EWALLET_PROVIDER = 'KalapatiPay (sandbox)';
