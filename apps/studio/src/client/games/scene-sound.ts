// The fish, duel, match and derby scenes' own sound effects (sounds made by us, Web Audio,
// no files): a cannon and a splash in the net for the fishing, a card dealt and flipped for the
// duel, a whistle and a crowd's cheer for the match, a bell, wing clashes, a crow and the crowd for
// the derby. Notes only, played through the frame's Sound (sound.ts: muted by default, the player's
// toggle remembered); the scenes play the ones that go with an animation only when they animate.
import type { Sound, Tone } from '../sound';

export type SceneEffect =
  | 'cannon'
  | 'plop'
  | 'catch'
  | 'bigCatch'
  | 'deal'
  | 'flip'
  | 'whistle'
  | 'finalWhistle'
  | 'goal'
  | 'bell'
  | 'clash'
  | 'crow'
  | 'crowd';

/** A fixed sequence of numbers in [0, 1) (the same notes on every page, no randomness of the page). */
function series(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Water thrown up: many short falling bubbles, spread over `span` seconds. */
function splash(at: number, count: number, span: number, gain: number, seed: number): Tone[] {
  const r = series(seed);
  return Array.from({ length: count }, (_, i) => ({
    freq: 1400 + r() * 2200,
    to: 260 + r() * 300,
    at: at + (i / count) * span + r() * 0.02,
    dur: 0.05 + r() * 0.09,
    type: 'sine' as const,
    gain,
  }));
}

/** A crowd: many voices at loose pitches rising and falling together, quiet each. */
function crowd(at: number, count: number, span: number, gain: number, seed: number): Tone[] {
  const r = series(seed);
  return Array.from({ length: count }, (_, i) => {
    const freq = 190 + r() * 520;
    return {
      freq,
      to: freq * (1.08 + r() * 0.25),
      at: at + (i / count) * span * 0.5 + r() * 0.05,
      dur: span * (0.35 + r() * 0.4),
      type: 'sawtooth' as const,
      gain,
    };
  });
}

/** A referee's whistle: a pea whistle's trill, two pitches alternating. */
function whistle(at: number, dur: number): Tone[] {
  const tones: Tone[] = [];
  for (let t = 0, i = 0; t < dur; t += 0.035, i++) {
    tones.push({ freq: i % 2 ? 2950 : 3150, at: at + t, dur: 0.04, type: 'sine', gain: 0.035 });
  }
  return tones;
}

/** A struck bell: the strike note and two inharmonic partials, dying away. */
function bell(at: number, freq: number): Tone[] {
  return [
    { freq, at, dur: 1.1, type: 'sine', gain: 0.035 },
    { freq: freq * 2.76, at, dur: 0.5, type: 'sine', gain: 0.012 },
    { freq: freq * 5.4, at, dur: 0.22, type: 'sine', gain: 0.006 },
    { freq: freq / 2, at, dur: 1.3, type: 'triangle', gain: 0.018 },
  ];
}

export const SCENE_EFFECTS: Record<SceneEffect, Tone[]> = {
  // Fishing: a soft cannon thump with its puff, a plop for a miss, the net's swish and a splash.
  cannon: [
    { freq: 170, to: 55, at: 0, dur: 0.12, type: 'square', gain: 0.04 },
    { freq: 1300, to: 500, at: 0, dur: 0.05, type: 'triangle', gain: 0.015 },
  ],
  plop: [{ freq: 900, to: 240, at: 0, dur: 0.07, type: 'sine', gain: 0.04 }],
  catch: [
    { freq: 700, to: 2400, at: 0, dur: 0.14, type: 'triangle', gain: 0.02 },
    ...splash(0.1, 12, 0.3, 0.016, 7),
    { freq: 420, to: 110, at: 0.1, dur: 0.12, type: 'sine', gain: 0.04 },
  ],
  bigCatch: [
    { freq: 600, to: 2600, at: 0, dur: 0.18, type: 'triangle', gain: 0.02 },
    ...splash(0.1, 20, 0.45, 0.014, 11),
    { freq: 380, to: 90, at: 0.1, dur: 0.16, type: 'sine', gain: 0.045 },
    ...[1568, 2093, 2637, 3136].map((freq, i) => ({
      freq,
      at: 0.45 + i * 0.07,
      dur: 0.25,
      type: 'sine' as const,
      gain: 0.025,
    })),
  ],
  // Duel: a card sliding off the deck, and a card snapped over.
  deal: [{ freq: 1600, to: 500, at: 0, dur: 0.08, type: 'triangle', gain: 0.02 }],
  flip: [
    { freq: 2300, to: 1400, at: 0, dur: 0.025, type: 'square', gain: 0.018 },
    { freq: 620, to: 300, at: 0.018, dur: 0.045, type: 'triangle', gain: 0.035 },
  ],
  // Match: the kick-off whistle, the final whistle (three blasts) and the crowd's cheer at a goal.
  whistle: whistle(0, 0.45),
  finalWhistle: [...whistle(0, 0.22), ...whistle(0.32, 0.22), ...whistle(0.64, 0.6)],
  goal: [
    ...crowd(0, 22, 1.2, 0.006, 3),
    { freq: 392, at: 0.05, dur: 0.5, type: 'square', gain: 0.012 },
    { freq: 523, at: 0.05, dur: 0.5, type: 'square', gain: 0.01 },
  ],
  // Derby: the bell that starts and ends the fight, wings and spurs meeting, the winner's crow and
  // the crowd around the pit.
  bell: [...bell(0, 1320), ...bell(0.28, 1320)],
  clash: [
    { freq: 200, to: 80, at: 0, dur: 0.09, type: 'triangle', gain: 0.05 },
    ...[0, 0.03, 0.06].map((at, i) => ({
      freq: 1100 - i * 150,
      to: 500,
      at,
      dur: 0.04,
      type: 'sawtooth' as const,
      gain: 0.01,
    })),
  ],
  crow: [
    { freq: 520, to: 760, at: 0, dur: 0.12, type: 'sawtooth', gain: 0.022 },
    { freq: 700, to: 880, at: 0.14, dur: 0.12, type: 'sawtooth', gain: 0.022 },
    { freq: 860, to: 980, at: 0.28, dur: 0.3, type: 'sawtooth', gain: 0.024 },
    { freq: 960, to: 520, at: 0.58, dur: 0.32, type: 'sawtooth', gain: 0.02 },
  ],
  crowd: crowd(0, 18, 1.2, 0.006, 5),
};

/** The shortest gap between two plays of one effect: fifty shots in four seconds thump, not roar. */
const MIN_GAP_MS = 90;

/** The scenes' player: each effect through the frame's Sound (silent when muted or absent). */
export function sceneSound(frame: Sound | undefined, now: () => number = () => Date.now()) {
  const last = new Map<SceneEffect, number>();
  return (effect: SceneEffect): void => {
    if (!frame || frame.muted) return;
    const t = now();
    if (t - (last.get(effect) ?? Number.NEGATIVE_INFINITY) < MIN_GAP_MS) return;
    last.set(effect, t);
    frame.playTones(SCENE_EFFECTS[effect]);
  };
}
