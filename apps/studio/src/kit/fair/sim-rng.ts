// sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): a seeded PRNG for RTP simulations and
// benchmarks only. It is not provably fair and never decides a real round.
import type { Rng } from './rng';

export function createSimRng(seed: number): Rng {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const step = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) step();
  const next = () => step() / 4294967296;
  return { next, int: (n: number) => Math.floor((step() / 4294967296) * n) };
}
