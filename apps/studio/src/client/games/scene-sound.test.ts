import { describe, expect, it } from 'vitest';
import type { Sound, Tone } from '../sound';
import { SCENE_EFFECTS, type SceneEffect, sceneSound } from './scene-sound';

// The scenes' own sounds are short and quiet, made of notes the frame's Sound can play,
// and never reach the speakers while the player's toggle is off.

/** The loudest moment of an effect: the sum of the levels of the notes sounding at once (an upper bound). */
function peak(tones: Tone[]): number {
  let top = 0;
  for (let t = 0; t <= 2; t += 0.005) {
    const level = tones.filter((x) => x.at <= t && t < x.at + x.dur).reduce((s, x) => s + x.gain, 0);
    top = Math.max(top, level);
  }
  return top;
}

function fakeSound(muted: boolean): Sound & { played: Tone[][] } {
  const played: Tone[][] = [];
  return {
    played,
    muted,
    setMuted() {},
    play() {},
    playTones(tones) {
      played.push([...tones]);
    },
  };
}

describe('scene sounds', () => {
  const effects = Object.entries(SCENE_EFFECTS) as [SceneEffect, Tone[]][];

  it('each effect is short, quiet and playable', () => {
    expect(effects.length).toBe(13);
    for (const [name, tones] of effects) {
      expect(tones.length, name).toBeGreaterThan(0);
      const end = Math.max(...tones.map((t) => t.at + t.dur));
      expect(end, name).toBeLessThanOrEqual(1.6);
      // The frame's win chime peaks at 0.16 (two of its 0.08 notes at once): none is louder.
      expect(peak(tones), name).toBeLessThanOrEqual(0.16);
      for (const t of tones) {
        expect(t.at, name).toBeGreaterThanOrEqual(0);
        expect(t.dur, name).toBeGreaterThan(0);
        expect(t.freq, name).toBeGreaterThanOrEqual(40);
        expect(t.freq, name).toBeLessThanOrEqual(12_000);
        // An exponential ramp needs a positive target.
        if (t.to !== undefined) expect(t.to, name).toBeGreaterThan(0);
      }
    }
    // Each effect is its own sound.
    expect(new Set(effects.map(([, t]) => JSON.stringify(t))).size).toBe(effects.length);
  });

  it('plays through the frame only when the sound is on, never twice within 90 ms', () => {
    let now = 1000;
    const off = fakeSound(true);
    sceneSound(off, () => now)('catch');
    expect(off.played).toEqual([]);
    sceneSound(undefined, () => now)('catch');

    const on = fakeSound(false);
    const sfx = sceneSound(on, () => now);
    sfx('cannon');
    sfx('cannon');
    sfx('catch');
    now += 100;
    sfx('cannon');
    expect(on.played).toEqual([SCENE_EFFECTS.cannon, SCENE_EFFECTS.catch, SCENE_EFFECTS.cannon]);
  });
});
