// The frame every game page shares: a compact top bar with
// the lobby link, the game's own name, the balance, the sound toggle and the fairness button; the
// fairness panel and history in a drawer (a side panel on desktop, a bottom sheet on phones, see
// studio.css); an aria-live region for the result text; space to spin or bet.

import { readBoot } from './boot';
import { kitWords } from './kit-words';
import { startRealityCheck } from './reality-check';
import { createSound, type Sound } from './sound';
import { h, svgIcon } from './ui';

export type Frame = {
  header: HTMLElement;
  drawer: HTMLElement;
  /** The live region: the result text, read out by screen readers. */
  message: HTMLElement;
  sound: Sound;
  openDrawer(open: boolean): void;
};

/** Whose sound choice this is: the player the page was launched for (boot data), else this browser. */
export function memberKey(boot: { member?: unknown } | null): string {
  return typeof boot?.member === 'string' && boot.member ? boot.member : 'guest';
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createFrame(p: {
  title: string;
  demo: boolean;
  lobbyUrl: string | null;
  balance: HTMLElement;
  currency: string;
  drawerContent: HTMLElement[];
}): Frame {
  const boot = readBoot(document) as { member?: unknown; language?: unknown } | null;
  const words = kitWords(boot?.language).frame;
  const sound = createSound(memberKey(boot), storage());
  startRealityCheck({ demo: p.demo, lobbyUrl: p.lobbyUrl }); // every game page gets the reality check
  const soundButton = h('button', { class: 'icon-button', type: 'button', 'data-testid': 'sound' });
  const showSound = () => {
    soundButton.setAttribute('aria-pressed', String(!sound.muted));
    soundButton.setAttribute('aria-label', sound.muted ? words.soundOff : words.soundOn);
    soundButton.replaceChildren(speakerIcon(sound.muted));
  };
  soundButton.addEventListener('click', () => {
    sound.setMuted(!sound.muted);
    showSound();
    sound.play('button');
  });
  showSound();

  const fairButton = h(
    'button',
    {
      class: 'button ghost small-btn',
      type: 'button',
      'aria-expanded': 'false',
      'aria-controls': 'fair-drawer',
      'data-testid': 'fair-toggle',
      'aria-label': words.fairnessAndHistory,
    },
    shieldIcon(),
    h('span', { class: 'btn-label' }, words.fairness),
  );
  const close = h('button', { class: 'icon-button', type: 'button', 'aria-label': words.close }, '×');
  const drawer = h(
    'aside',
    { id: 'fair-drawer', class: 'drawer', hidden: true, 'aria-label': words.drawerLabel },
    h('div', { class: 'drawer-head' }, h('h2', {}, words.drawerTitle), close),
    ...p.drawerContent,
  );
  const openDrawer = (open: boolean) => {
    drawer.hidden = !open;
    fairButton.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle('drawer-open', open);
  };
  fairButton.addEventListener('click', () => openDrawer(Boolean(drawer.hidden)));
  close.addEventListener('click', () => {
    openDrawer(false);
    fairButton.focus();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !drawer.hidden) openDrawer(false);
  });

  const header = h(
    'header',
    { class: 'topbar' },
    p.lobbyUrl
      ? h(
          'a',
          {
            class: 'icon-button',
            href: p.lobbyUrl,
            target: '_top',
            'data-testid': 'lobby',
            'aria-label': words.backToLobby,
          },
          '‹',
        )
      : h('span', { class: 'icon-spacer' }),
    h(
      'h1',
      { class: 'title', 'data-testid': 'game-title' },
      p.title,
      p.demo ? h('span', { class: 'badge' }, words.demo) : null,
    ),
    h('span', { class: 'balance' }, h('span', { class: 'muted small' }, `${p.currency} `), p.balance),
    soundButton,
    fairButton,
  );
  const message = h('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'message' });
  return { header, drawer, message, sound, openDrawer };
}

/** The sound switch's speaker, struck through when muted (the frame's and the card room's bar). */
export function speakerIcon(muted: boolean): SVGSVGElement {
  return svgIcon(20, [
    { d: 'M3 9h4l5-4v14l-5-4H3z', fill: 'currentColor' },
    {
      d: muted ? 'M16 9l6 6M22 9l-6 6' : 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12',
      stroke: 'currentColor',
      'stroke-width': '2',
      fill: 'none',
      'stroke-linecap': 'round',
    },
  ]);
}

function shieldIcon(): SVGSVGElement {
  return svgIcon(18, [
    {
      d: 'M12 2l8 3v6c0 5-3.5 9-8 11C7.5 20 4 16 4 11V5zM8 12l3 3 5-6',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linejoin': 'round',
    },
  ]);
}

/** Space plays the page's main action (spin or bet) unless the focus is on a control of its own. */
export function bindSpace(root: HTMLElement): void {
  document.addEventListener('keydown', (e) => {
    if (e.code !== 'Space' && e.key !== ' ') return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, select, textarea, button, a, dialog, [contenteditable]')) return;
    const primary = root.querySelector<HTMLButtonElement>('[data-primary], .button.primary');
    if (!primary || primary.disabled) return;
    e.preventDefault();
    primary.click();
  });
}
