/// <reference lib="dom" />
// The live tables' sound effects (issue 16: sounds made by us, Web Audio, no files): a chip click, a
// card dealt (a short swish) and turned, the wheel's ball ticking as it slows, and a win chime. They
// follow the frame's mute switch (sound.ts: muted by default, remembered per player).
import type { Sound } from '../sound';

export type TableEffect = 'chip' | 'deal' | 'flip' | 'wheel' | 'win';

type Tone = { freq: number; to?: number; at: number; dur: number; type: OscillatorType; gain: number };

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
  let ctx: AudioContext | null = null;
  return (effect) => {
    if (frame.muted || typeof AudioContext === 'undefined') return;
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    for (const t of EFFECTS[effect]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = t.type;
      osc.frequency.setValueAtTime(t.freq, now + t.at);
      if (t.to) osc.frequency.exponentialRampToValueAtTime(t.to, now + t.at + t.dur);
      gain.gain.setValueAtTime(t.gain, now + t.at);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + t.at + t.dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + t.at);
      osc.stop(now + t.at + t.dur + 0.02);
    }
  };
}
