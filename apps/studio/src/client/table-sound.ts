// The live tables' and the card room's sound effects (sounds made by us, Web Audio, no files): a
// chip click, a card dealt (a short swish) and turned, the wheel's ball ticking as it slows, and a
// win chime. They follow the frame's mute switch (sound.ts: muted by default, remembered per player).
import type { Sound, Tone } from './sound';

export type TableEffect = 'chip' | 'deal' | 'flip' | 'wheel' | 'win';

// The wheel: clicks of the ball over the pocket frets, further apart as the wheel slows (about 3 s).
const wheelTicks: Tone[] = [];
for (let i = 0, t = 0; t < 3.2; i++) {
  wheelTicks.push({ freq: 2400, to: 1800, at: t, dur: 0.02, type: 'square', gain: 0.025 });
  t += 0.05 + i * i * 0.0009;
}

const EFFECTS: Record<TableEffect, Tone[]> = {
  chip: [
    { freq: 1900, to: 1300, at: 0, dur: 0.04, type: 'triangle', gain: 0.07 },
    { freq: 2600, to: 2000, at: 0.035, dur: 0.03, type: 'triangle', gain: 0.04 },
  ],
  deal: [{ freq: 900, to: 250, at: 0, dur: 0.12, type: 'sawtooth', gain: 0.025 }],
  flip: [{ freq: 520, to: 380, at: 0, dur: 0.05, type: 'square', gain: 0.04 }],
  wheel: wheelTicks,
  win: [523, 659, 784, 1047].map((freq, i) => ({
    freq,
    at: i * 0.09,
    dur: 0.18,
    type: 'triangle' as const,
    gain: 0.08,
  })),
};

export function tableSound(frame: Sound): (effect: TableEffect) => void {
  return (effect) => frame.playTones(EFFECTS[effect]);
}
