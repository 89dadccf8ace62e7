// Distinct players over several days (or several games) cannot be added up from daily distinct
// counts: a player of three days would count three times. Each rollup row therefore keeps a
// HyperLogLog sketch (Flajolet et al. 2007) of its players, built in SQL by the rollup job
// (reports.queries.ts sketchOf): 1,024 registers over a 32-bit hash of the member id, the low 10 bits
// choosing the register and the rank (1..23) counting the leading zeros of the other 22 bits plus
// one. Rows store it sparse, one smallint per non-empty register: idx << 5 | rank. Sketches merge by
// taking each register's maximum; the estimate's standard error is about 1.04 / sqrt(1024) = 3.3%,
// and below a few thousand players linear counting makes it close to exact.

export const HLL_REGISTERS = 1024;
const IDX_SHIFT = 5;
const RANK_MASK = (1 << IDX_SHIFT) - 1;

export type Registers = Uint8Array;

export function emptyRegisters(): Registers {
  return new Uint8Array(HLL_REGISTERS);
}

/** Merges sparse sketches into `into` (register-wise maximum); returns it. */
export function mergeSketch(into: Registers, sparse: readonly number[]): Registers {
  for (const e of sparse) {
    const idx = e >> IDX_SHIFT;
    const rank = e & RANK_MASK;
    if (idx >= 0 && idx < HLL_REGISTERS && rank > (into[idx] ?? 0)) into[idx] = rank;
  }
  return into;
}

/** The estimated number of distinct members behind the registers (rounded). */
export function estimate(registers: Registers): number {
  const m = HLL_REGISTERS;
  let sum = 0;
  let zeros = 0;
  for (const r of registers) {
    sum += 2 ** -r;
    if (r === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / m);
  const raw = (alpha * m * m) / sum;
  // Small range: linear counting over the empty registers is the better estimate.
  if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  const two32 = 2 ** 32;
  if (raw > two32 / 30) return Math.round(-two32 * Math.log(1 - raw / two32));
  return Math.round(raw);
}

/** Distinct members of the union of the sketches. */
export function countDistinct(sketches: Iterable<readonly number[]>): number {
  const registers = emptyRegisters();
  for (const s of sketches) mergeSketch(registers, s);
  return estimate(registers);
}
