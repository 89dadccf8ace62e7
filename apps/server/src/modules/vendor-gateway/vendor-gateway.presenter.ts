import type { ReconciliationValue, VendorResettleResponse } from '@gamehall/shared/api/vendor';
import { vendorStatusCatalogue } from '@gamehall/shared/errors';
import type { VendorAnswer } from './vendor-gateway.service';

/**
 * The vendor API's answer: { status, balance, currency, requestId } (+ player on a token balance
 * call, + taken on a resettle call's OK).
 */
export function presentVendorAnswer(answer: VendorAnswer, requestId: string): VendorResettleResponse {
  return {
    status: answer.status,
    balance: answer.balance,
    currency: answer.currency,
    requestId,
    ...(answer.player !== undefined ? { player: answer.player } : {}),
    ...(answer.device !== undefined ? { device: answer.device } : {}),
    ...(answer.taken !== undefined ? { taken: answer.taken } : {}),
  };
}

export function presentReconciliation(value: ReconciliationValue): ReconciliationValue {
  return {
    vendor: value.vendor,
    date: value.date,
    timeZone: value.timeZone,
    currency: value.currency,
    bets: { count: value.bets.count, amount: value.bets.amount },
    wins: { count: value.wins.count, amount: value.wins.amount },
    rollbacks: { count: value.rollbacks.count, amount: value.rollbacks.amount },
    corrections: { count: value.corrections.count, amount: value.corrections.amount },
    unknownRollbacks: value.unknownRollbacks,
    net: value.net,
    ledger: { credits: value.ledger.credits, debits: value.ledger.debits, net: value.ledger.net },
    matches: value.matches,
  };
}

/** The status table for the OpenAPI description (the same catalogue the answers come from). */
export function vendorStatusTable(): string {
  const rows = Object.entries(vendorStatusCatalogue).map(([status, s]) => `| ${status} | ${s.http} | ${s.message} |`);
  return ['| status | HTTP | meaning |', '|---|---|---|', ...rows].join('\n');
}
