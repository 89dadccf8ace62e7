// Sound effects synthesised with the Web Audio API (sounds made by us, no files). Muted by
// default; the player's choice is remembered per player (localStorage keyed by the session owner).

export type Effect = 'spin' | 'stop' | 'win' | 'bigwin' | 'button';

/** One synthesised note: a frequency (sweeping to `to`), its start and length in seconds, a waveform and a level. */
export type Tone = { freq: number; to?: number; at: number; dur: number; type: OscillatorType; gain: number };

// Short envelopes: a rising sweep for a spin, a low thud per reel stop, an arpeggio for a win and a
// longer fanfare for a big win.
const EFFECTS: Record<Effect, Tone[]> = {
  spin: [{ freq: 220, to: 660, at: 0, dur: 0.18, type: 'sawtooth', gain: 0.05 }],
  stop: [{ freq: 140, to: 70, at: 0, dur: 0.09, type: 'square', gain: 0.06 }],
  button: [{ freq: 880, at: 0, dur: 0.04, type: 'triangle', gain: 0.05 }],
  win: [523, 659, 784].map((freq, i) => ({ freq, at: i * 0.08, dur: 0.14, type: 'triangle' as const, gain: 0.08 })),
  bigwin: [523, 659, 784, 1047, 784, 1047, 1319].map((freq, i) => ({
    freq,
    at: i * 0.11,
    dur: 0.22,
    type: 'square' as const,
    gain: 0.05,
  })),
};

export function soundKey(owner: string): string {
  return `studio-sound:${owner}`;
}

export interface Sound {
  readonly muted: boolean;
  setMuted(muted: boolean): void;
  play(effect: Effect): void;
  /** Plays a game's own notes on the page's one audio context, when not muted. */
  playTones(tones: readonly Tone[]): void;
}

export function createSound(owner: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): Sound {
  let muted = true;
  try {
    muted = storage?.getItem(soundKey(owner)) !== 'on';
  } catch {
    muted = true;
  }
  let ctx: AudioContext | null = null;
  const playTones = (tones: readonly Tone[]) => {
    if (muted || typeof AudioContext === 'undefined') return;
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    for (const t of tones) {
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
  return {
    get muted() {
      return muted;
    },
    setMuted(value: boolean) {
      muted = value;
      try {
        storage?.setItem(soundKey(owner), value ? 'off' : 'on');
      } catch {
        // Storage may be blocked in a third-party frame: the choice then lasts for this page only.
      }
    },
    play(effect: Effect) {
      playTones(EFFECTS[effect]);
    },
    playTones,
  };
}
