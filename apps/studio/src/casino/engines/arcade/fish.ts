// A fishing shooter round: a school of fish swims by, the player fires N shots of equal value at a
// chosen kind (or at a fish of the school picked at random). A shot at a fish paying m times the
// shot captures it with probability FISH_RTP / m, so every shot returns FISH_RTP of its value on
// average whatever the player aims at: the RTP is exact by construction. A captured fish is
// replaced by a new one.
import { amountField, InvalidBetError, isRecord } from '../bet-error';
import type { InstantEngine } from '../types';

export const FISH_RTP = 0.96;
export const FISH_SCHOOL_SIZE = 8;
export const FISH_MAX_SHOTS = 100;

export interface FishKind {
  id: string;
  name: string;
  glyph: string;
  /** Pays this many shot values when captured. */
  multiplier: number;
  /** How often it swims in (relative). */
  weight: number;
}

export const FISH_KINDS: readonly FishKind[] = [
  { id: 'clownfish', name: 'Clownfish', glyph: '🐠', multiplier: 2, weight: 30 },
  { id: 'puffer', name: 'Pufferfish', glyph: '🐡', multiplier: 3, weight: 22 },
  { id: 'squid', name: 'Squid', glyph: '🦑', multiplier: 5, weight: 16 },
  { id: 'turtle', name: 'Sea Turtle', glyph: '🐢', multiplier: 8, weight: 11 },
  { id: 'octopus', name: 'Octopus', glyph: '🐙', multiplier: 12, weight: 8 },
  { id: 'shark', name: 'Shark', glyph: '🦈', multiplier: 25, weight: 6 },
  { id: 'whale', name: 'Whale', glyph: '🐋', multiplier: 60, weight: 4 },
  { id: 'dragon', name: 'Sea Dragon', glyph: '🐉', multiplier: 150, weight: 2 },
  { id: 'golden-toad', name: 'Golden Toad', glyph: '🐸', multiplier: 300, weight: 1 },
];

const TOTAL_WEIGHT = FISH_KINDS.reduce((s, f) => s + f.weight, 0);

export interface FishBet {
  shots: number;
  /** Minor units per shot. */
  shotValue: number;
  /** A fish kind id to aim at when one is in the school; otherwise, or when null, a fish picked at random. */
  target: string | null;
}

export interface FishShot {
  /** Index of the fish kind shot at (FISH_KINDS). */
  kind: number;
  captured: boolean;
  win: number;
}

export interface FishOutcome {
  /** The school when the round began (FISH_KINDS indexes). */
  school: number[];
  shots: FishShot[];
  captured: number;
}

export function createFishEngine(): InstantEngine<FishBet, FishOutcome> {
  return {
    info: { kind: 'fish', declaredRtp: FISH_RTP },
    parseBet(input) {
      if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
      const shots = input.shots;
      if (typeof shots !== 'number' || !Number.isInteger(shots) || shots < 1 || shots > FISH_MAX_SHOTS) {
        throw new InvalidBetError(`shots must be an integer between 1 and ${FISH_MAX_SHOTS}`);
      }
      const shotValue = amountField(input, 'shotValue', 1_000_000);
      const target = input.target ?? null;
      if (target !== null && !FISH_KINDS.some((f) => f.id === target))
        throw new InvalidBetError('target must be a fish kind');
      return { shots, shotValue, target: target as string | null };
    },
    stake: (bet) => bet.shots * bet.shotValue,
    play(bet, rng) {
      const swimIn = () => {
        let k = rng.next() * TOTAL_WEIGHT;
        let i = 0;
        while (k >= FISH_KINDS[i]!.weight && i < FISH_KINDS.length - 1) {
          k -= FISH_KINDS[i]!.weight;
          i++;
        }
        return i;
      };
      const school = Array.from({ length: FISH_SCHOOL_SIZE }, swimIn);
      const start = [...school];
      const targetKind = bet.target === null ? -1 : FISH_KINDS.findIndex((f) => f.id === bet.target);
      const shots: FishShot[] = [];
      let win = 0;
      let captured = 0;
      for (let s = 0; s < bet.shots; s++) {
        let slot = targetKind >= 0 ? school.indexOf(targetKind) : -1;
        if (slot < 0) slot = rng.int(FISH_SCHOOL_SIZE);
        const kind = school[slot]!;
        const fish = FISH_KINDS[kind]!;
        const hit = rng.next() < FISH_RTP / fish.multiplier;
        const w = hit ? bet.shotValue * fish.multiplier : 0;
        if (hit) {
          captured++;
          win += w;
          school[slot] = swimIn();
        }
        shots.push({ kind, captured: hit, win: w });
      }
      return { outcome: { school: start, shots, captured }, win, pendingSteps: 0, state: undefined };
    },
  };
}
