// The sportsbook page's controls that are not a screen: the slip as a bottom sheet on phones (a
// modal dialog opened from a bar at the bottom of the screen, within thumb reach, with focus held
// inside it and given back on close) and a side panel on desktop; the settings panel (odds format,
// how quarter lines are written); and redraws that keep the player's focus where it was.
import type { OddsFormat } from '../../sportsbook/api';
import { h } from '../ui';
import { LINE_STYLES, type LineStyle } from './sb-format';
import type { Prefs } from './sb-state';
import type { SbWords } from './sb-words';

/**
 * The odds formats the settings offer, in api.ts's order. api.ts's own list is a value of a module
 * that loads zod, which the page must not bundle; the check below fails to compile if the two differ.
 */
export const ODDS_FORMATS = ['decimal', 'hongkong', 'malay', 'indonesian'] as const satisfies readonly OddsFormat[];
type MissingFormat = Exclude<OddsFormat, (typeof ODDS_FORMATS)[number]>;
const allFormats: [MissingFormat] extends [never] ? true : never = true;
void allFormats;

/** Wide enough for the slip to stand beside the screens (studio.css's drawer uses the same width). */
export const DESKTOP = '(min-width: 900px)';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Runs a redraw and puts the focus back on the element that stands for the one focused before
 * (same data-focus), with a text field's caret where it was: a price moving or a list refreshing
 * never throws a keyboard or screen-reader user back to the top.
 */
export function keepingFocus(root: HTMLElement, redraw: () => void): void {
  const active = document.activeElement as HTMLElement | null;
  const key = active && root.contains(active) ? active.dataset.focus : undefined;
  const input = active instanceof HTMLInputElement && active.type !== 'range' ? active : null;
  const caret = input ? { start: input.selectionStart, end: input.selectionEnd } : null;
  redraw();
  if (!key) return;
  const next = Array.from(root.querySelectorAll<HTMLElement>('[data-focus]')).find((el) => el.dataset.focus === key);
  if (!next || next === document.activeElement) return;
  next.focus({ preventScroll: true });
  if (caret?.start != null && next instanceof HTMLInputElement) {
    try {
      next.setSelectionRange(caret.start, caret.end ?? caret.start);
    } catch {
      // A field type without a caret.
    }
  }
}

export function createSheet(o: {
  slip: HTMLElement;
  title: HTMLElement;
  closeButton: HTMLElement;
  words: SbWords;
  media?: MediaQueryList | null;
}) {
  const w = o.words.slip;
  const badge = h('span', { class: 'sb-badge', 'data-testid': 'slip-bar-count' }, '0');
  const extra = h('span', { class: 'sb-bar-extra' });
  const bar = h(
    'button',
    {
      type: 'button',
      class: 'sb-slip-bar',
      'aria-controls': 'sb-slip',
      'aria-expanded': 'false',
      'data-testid': 'slip-bar',
    },
    h('span', {}, w.title),
    badge,
    extra,
  );
  // Behind the open sheet: dims the page (a modal's content is not to be used meanwhile) and closes it when tapped.
  const backdrop = h('div', { class: 'sb-backdrop', 'aria-hidden': 'true', 'data-testid': 'slip-backdrop' });
  const media = o.media ?? (typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP) : null);
  let open = false;

  const desktop = () => !!media?.matches;

  function apply() {
    const sheet = !desktop();
    o.slip.classList.toggle('sheet', sheet);
    o.slip.classList.toggle('open', sheet && open);
    if (sheet && open) {
      o.slip.setAttribute('role', 'dialog');
      o.slip.setAttribute('aria-modal', 'true');
    } else {
      o.slip.removeAttribute('role');
      o.slip.removeAttribute('aria-modal');
    }
    o.slip.hidden = sheet && !open;
    backdrop.hidden = !(sheet && open);
    bar.hidden = !sheet;
    bar.setAttribute('aria-expanded', String(sheet && open));
    document.body.classList.toggle('sb-sheet-open', sheet && open);
  }

  function setOpen(next: boolean) {
    if (next === open) return;
    open = next;
    apply();
    if (desktop()) return;
    if (open) o.title.focus();
    else bar.focus();
  }

  bar.addEventListener('click', () => setOpen(true));
  backdrop.addEventListener('click', () => setOpen(false));
  o.closeButton.addEventListener('click', () => setOpen(false));
  // Escape closes the sheet wherever the focus is (a redraw of the slip may have dropped it to the body).
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !open || desktop()) return;
    e.preventDefault();
    setOpen(false);
  });
  o.slip.addEventListener('keydown', (e) => {
    if (!open || desktop() || e.key !== 'Tab') return;
    // Focus stays in the sheet while it is open (a modal dialog).
    const items = Array.from(o.slip.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === o.title)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  });
  media?.addEventListener?.('change', apply);
  apply();

  return {
    bar,
    backdrop,
    get open() {
      return open;
    },
    setOpen,
    /** The bar's count and what it adds (the total potential payout, or nothing). */
    show(count: number, extraText: string) {
      badge.textContent = String(count);
      extra.textContent = extraText;
      bar.classList.toggle('empty', count === 0);
    },
  };
}

export function createSettings(o: {
  words: SbWords;
  prefs: () => Prefs;
  formats: readonly OddsFormat[];
  onChange: (prefs: Partial<Prefs>) => void;
}) {
  const w = o.words.settings;
  const format = h('select', { 'data-testid': 'odds-format', id: 'sb-odds-format' });
  for (const f of o.formats) format.append(h('option', { value: f }, w.formats[f]));
  const lines = h('select', { 'data-testid': 'line-style', id: 'sb-line-style' });
  for (const s of LINE_STYLES) lines.append(h('option', { value: s }, w.lineStyles[s]));
  format.addEventListener('change', () => o.onChange({ oddsFormat: format.value as OddsFormat }));
  lines.addEventListener('change', () => o.onChange({ lineStyle: lines.value as LineStyle }));
  const panel = h(
    'div',
    { class: 'sb-settings panel', id: 'sb-settings', hidden: true },
    h('label', { for: 'sb-odds-format' }, w.oddsFormat),
    format,
    h('label', { for: 'sb-line-style' }, w.lines),
    lines,
  );
  const button = h(
    'button',
    {
      type: 'button',
      class: 'button ghost small-btn sb-settings-button',
      'aria-expanded': 'false',
      'aria-controls': 'sb-settings',
      'data-testid': 'settings',
    },
    w.title,
  );
  const sync = () => {
    format.value = o.prefs().oddsFormat;
    lines.value = o.prefs().lineStyle;
  };
  button.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
    sync();
    if (!panel.hidden) format.focus();
  });
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
      button.focus();
    }
  });
  sync();
  return { button, panel, sync };
}
