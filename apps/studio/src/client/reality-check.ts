// The reality check on the house studio's own game page: every N minutes (the member's
// choice on the platform's Responsible play page), a notice over the game with the time since login
// and the net result since then; Continue hides it until the next one, Stop closes the game and
// returns to the lobby. The platform shows the same notice over its /seamless page, so a studio page
// framed there leaves it to the platform and only a page opened on its own shows it. The interval
// and figures come from the platform by the game token of the launch
// (GET /wps/responsible/realityCheck/game); a trial has no member and no notice.
import { bootLanguage } from './boot';
import { fill } from './i18n';
import { kitWords } from './kit-words';
import { h, money } from './ui';

export type RealityCheckData = {
  minutes: number | null;
  playedMinutes: number;
  /** Wins minus bets since login, major units (negative: a loss). */
  net: number;
  currency: string;
};

export type Timers = {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
};

export type RealityTimer = {
  /** Arms the next notice `minutes` from now (the page opening, or Continue). */
  arm(minutes: number | null): void;
  /** Whether a notice is due and waiting for the member's answer. */
  readonly due: boolean;
  stop(): void;
};

/**
 * The timing rule: one notice `minutes` after the page opened, then one `minutes` after each
 * Continue (never a second while one is showing); no interval, no notice.
 */
export function createRealityTimer(onDue: () => void, timers: Timers): RealityTimer {
  let handle: unknown = null;
  let due = false;
  const stop = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
  };
  return {
    arm(minutes) {
      stop();
      due = false;
      if (!minutes || minutes <= 0) return;
      handle = timers.set(() => {
        handle = null;
        due = true;
        onDue();
      }, minutes * 60_000);
    },
    get due() {
      return due;
    },
    stop,
  };
}

/** The net result with its sign (money() shows only amounts). */
export function signedMoney(net: number): string {
  const minor = Math.round(net * 100);
  return `${minor < 0 ? '-' : ''}${money(Math.abs(minor))}`;
}

async function fetchCheck(token: string): Promise<RealityCheckData | null> {
  try {
    const response = await fetch('/wps/responsible/realityCheck/game', { headers: { 'x-game-token': token } });
    if (!response.ok) return null;
    const body = (await response.json()) as { value?: RealityCheckData };
    return body.value ?? null;
  } catch {
    return null;
  }
}

function notice(data: RealityCheckData, onContinue: () => void, onStop: () => void): HTMLElement {
  const w = kitWords(bootLanguage()).realityCheck;
  const continueButton = h(
    'button',
    { class: 'button primary', type: 'button', 'data-testid': 'reality-check-continue' },
    w.continuePlaying,
  );
  const stopButton = h(
    'button',
    { class: 'button', type: 'button', 'data-testid': 'reality-check-stop' },
    w.stopPlaying,
  );
  continueButton.addEventListener('click', onContinue);
  stopButton.addEventListener('click', onStop);
  const box = h(
    'div',
    {
      class: 'panel',
      role: 'alertdialog',
      'aria-modal': 'true',
      'aria-labelledby': 'reality-check-title',
      'data-testid': 'reality-check',
      style: 'max-width:22rem;width:100%;',
    },
    h('h2', { id: 'reality-check-title' }, w.title),
    h('p', { 'data-testid': 'reality-check-time' }, fill(w.timeSinceLogin, { minutes: data.playedMinutes })),
    h(
      'p',
      { 'data-testid': 'reality-check-net' },
      fill(w.netSinceLogin, { currency: data.currency, net: signedMoney(data.net) }),
    ),
    h('div', { style: 'display:flex;gap:.5rem;margin-top:1rem;' }, continueButton, stopButton),
  );
  const backdrop = h(
    'div',
    {
      class: 'reality-check',
      style:
        'position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;' +
        'padding:1rem;background:rgba(0,0,0,.7);',
    },
    box,
  );
  queueMicrotask(() => continueButton.focus());
  return backdrop;
}

/**
 * Starts the reality check of a game page (called once by the frame): nothing for a trial, nor when
 * the page is framed by the platform (which shows its own), nor when the member chose no interval.
 */
export function startRealityCheck(p: { demo: boolean; lobbyUrl: string | null }): void {
  if (p.demo) return;
  let framed = true;
  try {
    framed = window.top !== window.self;
  } catch {
    framed = true;
  }
  if (framed) return;
  const token = new URLSearchParams(location.search).get('token');
  if (!token) return;
  let shown: HTMLElement | null = null;
  const timer = createRealityTimer(
    () => {
      void fetchCheck(token).then((data) => {
        // The interval may have been switched off meanwhile; the figures are the server's at this moment.
        if (!data?.minutes) return;
        shown = notice(
          data,
          () => {
            shown?.remove();
            shown = null;
            timer.arm(data.minutes);
          },
          () => {
            timer.stop();
            location.assign(p.lobbyUrl ?? '/');
          },
        );
        document.body.append(shown);
      });
    },
    { set: (fn, ms) => window.setTimeout(fn, ms), clear: (handle) => window.clearTimeout(handle as number) },
  );
  void fetchCheck(token).then((data) => timer.arm(data?.minutes ?? null));
}
