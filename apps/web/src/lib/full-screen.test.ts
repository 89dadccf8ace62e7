import { describe, expect, it, vi } from 'vitest';
import { canGoFullScreen, enterFullScreen, type FullScreenHost, leaveFullScreen, wantsLandscape } from './full-screen';

function host(options: { enabled?: boolean; refuse?: boolean; lock?: 'ok' | 'refuse' | 'none' } = {}) {
  const state = { fullscreenElement: null as Element | null };
  const lock = vi.fn(async () => {
    if (options.lock === 'refuse') throw new Error('NotSupportedError');
  });
  const unlock = vi.fn();
  const fake: FullScreenHost = {
    document: {
      fullscreenEnabled: options.enabled ?? true,
      get fullscreenElement() {
        return state.fullscreenElement;
      },
      documentElement: {
        requestFullscreen: vi.fn(async () => {
          if (options.refuse) throw new TypeError('Permissions check failed');
          state.fullscreenElement = {} as Element;
        }),
      },
      exitFullscreen: vi.fn(async () => {
        state.fullscreenElement = null;
      }),
    },
    screen: { orientation: options.lock === 'none' ? {} : { lock, unlock } },
  };
  return { fake, lock, unlock, state };
}

describe('full-screen play', () => {
  it('wants landscape for the wide fishing scenes only', () => {
    expect(wantsLandscape('FISH')).toBe(true);
    expect(wantsLandscape('fish')).toBe(true);
    for (const type of ['RNG', 'LIVE', 'PVP', 'SPORTS', '', null, undefined]) expect(wantsLandscape(type)).toBe(false);
  });

  it('goes full screen and locks landscape when asked and allowed', async () => {
    const { fake, lock } = host();
    expect(await enterFullScreen({ landscape: true }, fake)).toEqual({ fullScreen: true, landscape: true });
    expect(lock).toHaveBeenCalledWith('landscape');
  });

  it('does not lock a game that does not want landscape', async () => {
    const { fake, lock } = host();
    expect(await enterFullScreen({}, fake)).toEqual({ fullScreen: true, landscape: false });
    expect(lock).not.toHaveBeenCalled();
  });

  it('takes a refusal quietly: no full screen (an iPhone, no gesture), or no lock', async () => {
    expect(await enterFullScreen({ landscape: true }, host({ enabled: false }).fake)).toEqual({
      fullScreen: false,
      landscape: false,
    });
    expect(canGoFullScreen(host({ enabled: false }).fake)).toBe(false);
    expect(await enterFullScreen({ landscape: true }, host({ refuse: true }).fake)).toEqual({
      fullScreen: false,
      landscape: false,
    });
    expect(await enterFullScreen({ landscape: true }, host({ lock: 'refuse' }).fake)).toEqual({
      fullScreen: true,
      landscape: false,
    });
    expect(await enterFullScreen({ landscape: true }, host({ lock: 'none' }).fake)).toEqual({
      fullScreen: true,
      landscape: false,
    });
  });

  it('leaves full screen and unlocks the screen; leaving when not full screen does nothing more', async () => {
    const { fake, unlock, state } = host();
    await enterFullScreen({ landscape: true }, fake);
    await leaveFullScreen(fake);
    expect(unlock).toHaveBeenCalled();
    expect(state.fullscreenElement).toBeNull();
    await leaveFullScreen(fake);
    expect(fake.document.exitFullscreen).toHaveBeenCalledTimes(1);
  });
});
