// Full-screen play on phones: the browser's Fullscreen API where it is allowed (not on iPhones, and
// only from a tap), and the Screen Orientation lock where the game wants landscape and the browser
// allows it (Chrome on Android, and only while full screen). Every refusal is quiet: the game page
// already fills the window without them.

/**
 * Game types whose scene is wide: the fishing games draw a 5:3 sea that is a strip in portrait.
 * The house tables and slots lay themselves out for a portrait phone, so they are left alone.
 */
const LANDSCAPE_GAME_TYPES = new Set(['FISH']);

export function wantsLandscape(gameType: string | null | undefined): boolean {
  return LANDSCAPE_GAME_TYPES.has((gameType ?? '').toUpperCase());
}

/** The parts of document and screen this module uses (fakes in tests). */
export type FullScreenHost = {
  document: {
    readonly fullscreenEnabled?: boolean;
    readonly fullscreenElement: Element | null;
    readonly documentElement: { requestFullscreen?: (options?: FullscreenOptions) => Promise<void> };
    exitFullscreen?: () => Promise<void>;
  };
  screen: { orientation?: { lock?: (orientation: 'landscape') => Promise<void>; unlock?: () => void } };
};

const browserHost = (): FullScreenHost | null =>
  typeof document === 'undefined' ? null : { document, screen: window.screen as FullScreenHost['screen'] };

export function canGoFullScreen(host: FullScreenHost | null = browserHost()): boolean {
  return Boolean(host?.document.fullscreenEnabled && host.document.documentElement.requestFullscreen);
}

export function isFullScreen(host: FullScreenHost | null = browserHost()): boolean {
  return Boolean(host?.document.fullscreenElement);
}

/**
 * Asks for full screen (the whole page: the game page is the only thing on it) and then, when
 * `landscape`, for the landscape lock. Call it from the tap itself, before any await: browsers
 * grant full screen only to a user's gesture. Resolves with what the browser granted.
 */
export async function enterFullScreen(
  options: { landscape?: boolean } = {},
  host: FullScreenHost | null = browserHost(),
): Promise<{ fullScreen: boolean; landscape: boolean }> {
  if (!host || !canGoFullScreen(host)) return { fullScreen: false, landscape: false };
  let fullScreen = isFullScreen(host);
  if (!fullScreen) {
    try {
      await host.document.documentElement.requestFullscreen?.({ navigationUI: 'hide' });
      fullScreen = true;
    } catch {
      return { fullScreen: false, landscape: false };
    }
  }
  if (!options.landscape || !host.screen.orientation?.lock) return { fullScreen, landscape: false };
  try {
    await host.screen.orientation.lock('landscape');
    return { fullScreen, landscape: true };
  } catch {
    return { fullScreen, landscape: false };
  }
}

/** Leaves full screen and lets the screen turn freely again (leaving a game). */
export async function leaveFullScreen(host: FullScreenHost | null = browserHost()): Promise<void> {
  if (!host) return;
  try {
    host.screen.orientation?.unlock?.();
  } catch {
    // Not locked, or a browser without the lock.
  }
  if (!isFullScreen(host)) return;
  await host.document.exitFullscreen?.().catch(() => undefined);
}
