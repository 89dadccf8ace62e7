import { describe, expect, it } from 'vitest';
import { countDistinct, emptyRegisters, estimate, HLL_REGISTERS, mergeSketch } from './hll';

// Registers as the rollup job's SQL builds them (reports.queries.ts sketchCte), from a 32-bit hash.
function sketchOf(hashes: number[]): number[] {
  const regs = new Map<number, number>();
  for (const h of hashes) {
    const idx = h & 1023;
    const rest = (h >>> 10) & 0x3fffff;
    const rank = 23 - (rest === 0 ? 0 : Math.floor(Math.log2(rest)) + 1);
    regs.set(idx, Math.max(regs.get(idx) ?? 0, rank));
  }
  return [...regs.entries()].sort(([a], [b]) => a - b).map(([idx, rank]) => (idx << 5) | rank);
}

// A well-mixed 32-bit hash of an integer (the database uses hashint8; any good mix will do here).
function mix(n: number): number {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) | 0;
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => mix(from + i));

describe('HyperLogLog sketches of players', () => {
  it('is empty for no players and near exact for a handful', () => {
    expect(estimate(emptyRegisters())).toBe(0);
    expect(countDistinct([sketchOf(ids(0, 5))])).toBe(5);
  });

  it('counts a player once across the sketches of several days', () => {
    const monday = sketchOf(ids(0, 3000));
    const tuesday = sketchOf(ids(1000, 4000));
    const both = countDistinct([monday, tuesday]);
    expect(Math.abs(both - 4000) / 4000).toBeLessThan(0.1);
    // Merging is idempotent: the same sketch twice changes nothing.
    expect(countDistinct([monday, tuesday, monday])).toBe(both);
  });

  it('stays within a few percent for large counts', () => {
    const n = 200_000;
    const e = countDistinct([sketchOf(ids(0, n))]);
    expect(Math.abs(e - n) / n).toBeLessThan(0.1);
  });

  it('ignores elements outside the registers', () => {
    const r = mergeSketch(emptyRegisters(), [(HLL_REGISTERS << 5) | 3, -1]);
    expect(estimate(r)).toBe(0);
  });
});
