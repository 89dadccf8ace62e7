// Counted words of the studio pages' English text, with no DOM, so the pure presentation modules
// (games/*-present.ts) use it too.

/** A count and its noun: "1 shot", "10 shots" (the plural by -s). */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
