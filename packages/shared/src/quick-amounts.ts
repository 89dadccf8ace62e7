// Quick amounts of a deposit method (the chips above the amount field): the round steps 1, 2, 5
// times a power of ten that lie within the method's limits, the smallest six of them, so a phone
// user picks a usual amount with one tap. Major units in and out.

const STEPS = [1, 2, 5] as const;
export const QUICK_AMOUNT_COUNT = 6;

export function quickAmounts(min: number, max: number, count: number = QUICK_AMOUNT_COUNT): number[] {
  if (!(min > 0) || !(max >= min)) return [];
  const out: number[] = [];
  for (let power = Math.floor(Math.log10(min)) - 1; out.length < count; power++) {
    const scale = 10 ** power;
    if (scale > max) break;
    for (const step of STEPS) {
      const amount = Math.round(step * scale * 100) / 100;
      if (amount >= min && amount <= max && out.length < count) out.push(amount);
    }
  }
  return out.length > 0 ? out : [min];
}
