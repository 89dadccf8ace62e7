import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A cash-out price held for the player (POST /api/sb/bets/:id/cashout-quote): the book signs what it
// offered (the bet, how many cash-outs it had, the part, the value, until when) so the cash-out that
// follows, on this process or another, can pay that value while the hold lasts without the book
// keeping anything. A hold is bound to the bet's cash-out count, so it cannot be used again after a
// cash-out (a part or the whole); once it has run out, its value is only the floor a cash-out asks
// for, as the value a page showed always was.

/** How long a quoted cash-out value is held. */
export const CASHOUT_HOLD_MS = 5_000;

export type CashOutHold = { betRowId: number; cashCount: number; part: number; value: number; until: number };

/** The key the book signs holds with: from the house secret, or this process's own (tests). */
export function holdKey(houseSecret: string | undefined): Buffer {
  return houseSecret === undefined
    ? randomBytes(32)
    : createHmac('sha256', houseSecret).update('sportsbook cash-out hold').digest();
}

function signature(key: Buffer, fields: string): string {
  return createHmac('sha256', key).update(fields).digest('base64url');
}

function fieldsOf(h: CashOutHold): string {
  return [h.betRowId, h.cashCount, h.part, h.value, h.until].join('.');
}

/** The hold as the token the page sends back with its cash-out. */
export function signHold(key: Buffer, h: CashOutHold): string {
  const fields = fieldsOf(h);
  return `${fields}.${signature(key, fields)}`;
}

/** The hold a token carries, or null when it is not one this book signed. */
export function readHold(key: Buffer, token: string): CashOutHold | null {
  const parts = token.split('.');
  if (parts.length !== 6) return null;
  const numbers = parts.slice(0, 5).map((p) => (/^\d{1,16}$/.test(p) ? Number(p) : Number.NaN));
  if (numbers.some((n) => !Number.isSafeInteger(n))) return null;
  const [betRowId, cashCount, part, value, until] = numbers as [number, number, number, number, number];
  const hold = { betRowId, cashCount, part, value, until };
  const expected = Buffer.from(signature(key, fieldsOf(hold)));
  const given = Buffer.from(parts[5] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? hold : null;
}
