import { createHmac } from 'node:crypto';
import { TRADER_CLOCK_WINDOW_MS } from '@gamehall/shared/api/sportsbook-trader';
import { hexSignatureMatches } from '../../http/constant-time';

// The trader API's signature (packages/shared/src/api/sportsbook-trader.ts): the platform signs
// what it asks the sportsbook, the sportsbook checks it. Kept apart so the client and the tests'
// fake sportsbook share one definition (the studio, which may not import the server, computes the
// same formulas itself).

/** traderSecret = hex(HMAC-SHA256(houseSecret, 'trader')). */
export function deriveTraderSecret(houseSecret: string): string {
  return createHmac('sha256', houseSecret).update('trader').digest('hex');
}

/**
 * X-Trader-Signature of a request: hex(HMAC-SHA256(traderSecret, time + '\n' + method + '\n' +
 * path with its query + '\n' + raw body)); `path` as sent on the wire, `body` '' without one.
 */
export function signTraderRequest(
  secret: string,
  request: { time: string; method: string; path: string; body: string },
): string {
  return createHmac('sha256', secret)
    .update(`${request.time}\n${request.method.toUpperCase()}\n${request.path}\n${request.body}`)
    .digest('hex');
}

/** A received request's signature checked in constant time, and its time within the window of `now`. */
export function traderSignatureMatches(
  secret: string,
  request: { time: string | undefined; signature: string | undefined; method: string; path: string; body: string },
  now: number,
): boolean {
  const { time, signature } = request;
  if (!time || !/^\d{1,16}$/.test(time) || Math.abs(now - Number(time)) > TRADER_CLOCK_WINDOW_MS) return false;
  return hexSignatureMatches(signature, signTraderRequest(secret, { ...request, time }));
}
