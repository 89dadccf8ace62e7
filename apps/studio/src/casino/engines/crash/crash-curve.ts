// The crash curve and cash-out limits: what the engine settles by and the page draws and checks
// with. No node: imports here, so the browser bundle takes this module as it is.

/** Lowest and highest cash-out targets, in hundredths (1.01x to 10,000x). */
export const CRASH_MIN_CASHOUT = 101;
export const CRASH_MAX_CASHOUT = 1_000_000;
/** Multiplier growth per millisecond: 2x after about 11.6 s, 10x after about 38 s. */
export const CRASH_GROWTH = 0.00006;

/** The multiplier shown `elapsedMs` after the round started, in hundredths (floored, as it is paid). */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH * elapsedMs) + 1e-9);
}

/** Milliseconds after the start at which the multiplier reaches `hundredths` (the crash time of a round). */
export function timeToMultiplier(hundredths: number): number {
  if (hundredths <= 100) return 0;
  return Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH);
}

/** Whether an auto cash-out target (hundredths) is one the engine takes. */
export function cashoutInRange(hundredths: number): boolean {
  return Number.isSafeInteger(hundredths) && hundredths >= CRASH_MIN_CASHOUT && hundredths <= CRASH_MAX_CASHOUT;
}
