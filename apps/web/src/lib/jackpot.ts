// spec §9 home jackpot: a simulated counter, not a real pool. It starts at a random amount from
// 31,000,000 to 32,000,000 (two decimals) and every 3, 4 or 5 s grows by a random 100 to 500.
export type Random = () => number;

/** Amounts are kept in minor units (cents) so the sum stays exact. */
export function jackpotStart(random: Random = Math.random): number {
  return 3_100_000_000 + Math.floor(random() * 100_000_001);
}

export function jackpotIncrement(random: Random = Math.random): number {
  return 10_000 + Math.floor(random() * 40_001);
}

export function jackpotDelayMs(random: Random = Math.random): number {
  return (3 + Math.floor(random() * 3)) * 1000;
}

/**
 * What the visitor last saw today (local storage), so the counter keeps rising across page loads
 * within the day instead of restarting lower. `at` is when `amount` was shown (epoch ms).
 */
export type JackpotState = { day: string; amount: number; at: number };

/** The mean step: 100.00 to 500.00 (300.00) every 3 to 5 s (4 s). */
const MEAN_INCREMENT = 30_000;
const MEAN_DELAY_MS = 4000;

/** The visitor's calendar day (local time), the counter's lifetime. */
export function jackpotDay(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function isState(value: unknown): value is JackpotState {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.day === 'string' &&
    Number.isSafeInteger(v.amount) &&
    (v.amount as number) >= 3_100_000_000 &&
    typeof v.at === 'number' &&
    Number.isFinite(v.at)
  );
}

/** Parses the stored state; anything unreadable counts as none. */
export function parseJackpotState(raw: string | null): JackpotState | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isState(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The amount to show now: today's saved amount plus the mean growth of the time since it was shown
 * (the steps the counter would have taken had the page stayed open); a new start on a new day or
 * without a saved state. A clock set back never makes it lower.
 */
export function resumeJackpot(saved: JackpotState | null, now: number, random: Random = Math.random): JackpotState {
  const day = jackpotDay(now);
  if (!saved || saved.day !== day) return { day, amount: jackpotStart(random), at: now };
  const elapsed = Math.max(0, now - saved.at);
  return { day, amount: saved.amount + Math.floor(elapsed / MEAN_DELAY_MS) * MEAN_INCREMENT, at: now };
}

/**
 * One step of the counter. `stored` is what another tab may have saved meanwhile: the higher of
 * the two goes on, so tabs open side by side never show the visitor a lower value on reload.
 */
export function stepJackpot(
  current: JackpotState,
  stored: JackpotState | null,
  now: number,
  random: Random = Math.random,
): JackpotState {
  const day = jackpotDay(now);
  if (current.day !== day) return { day, amount: jackpotStart(random), at: now };
  const base = stored && stored.day === day && stored.amount > current.amount ? stored.amount : current.amount;
  return { day, amount: base + jackpotIncrement(random), at: now };
}
