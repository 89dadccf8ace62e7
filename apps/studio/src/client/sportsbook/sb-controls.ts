// The sportsbook page's controls: the slip as a bottom sheet on phones (a modal dialog opened from
// a bar at the bottom of the screen, within thumb reach, with focus held inside it and given back on
// close) and a side panel on desktop; the settings panel (odds format, how quarter lines are
// written); the price buttons' one listener; the slip's stake fields, quick stake chips and
// odds-change rule; my bets' cash-out buttons and slider; and redraws that keep the player's focus
// where it was. What an input does to the state is the page's (sportsbook-page.ts, sb-state.ts).
import type { MyBet, OddsChangeRule, OddsFormat } from '../../sportsbook/api';
import { fill } from '../i18n';
import { h } from '../ui';
import type { BetsActions } from './sb-bets-view';
import { LINE_STYLES, type LineStyle, moneyText, parseStake, stakeInput } from './sb-format';
import { partialCashOut, type StakeTarget, stakeChips, targetKey } from './sb-slip';
import type { SlipActions } from './sb-slip-view';
import {
  type AutoDraft,
  autoCashOutValue,
  type Cashing,
  cashOutTapped,
  chipMax,
  chipTarget,
  liveHold,
  type Prefs,
  partTapped,
  sameTarget,
} from './sb-state';
import type { ViewCtx } from './sb-views';
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

/** Price buttons anywhere on a screen: one listener for all of them, told the selection of the one tapped. */
export function onPriceTap(main: HTMLElement, tapped: (selectionId: string) => void): void {
  main.addEventListener('click', (e) => {
    const btn = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-sel]');
    if (!btn || btn.disabled) return;
    tapped(btn.dataset.sel!);
  });
}

// ---- the slip's inputs ----

/** What the slip's inputs use: the page's view context, the slip's actions and the text typed in each stake field. */
export type SlipInputs = {
  ctx: ViewCtx;
  act: SlipActions;
  /** The text typed in each stake field, kept while it still reads as the stake the state holds. */
  typed: Map<string, string>;
};

export function stakeField(d: SlipInputs, target: StakeTarget, minor: number, label: string) {
  const { ctx, act, typed } = d;
  const w = ctx.words.slip;
  const key = targetKey(target);
  const text = typed.get(key);
  const value = text !== undefined && (parseStake(text) ?? 0) === minor ? text : stakeInput(minor);
  const input = h('input', {
    class: 'sb-stake',
    inputmode: 'decimal',
    autocomplete: 'off',
    placeholder: w.stake,
    'aria-label': label,
    'data-focus': `stake:${key}`,
    'data-testid': `stake-${key}`,
    value,
  });
  if (sameTarget(chipTarget(ctx.model()), target)) input.classList.add('chip-target');
  input.addEventListener('focus', () => act.target(target));
  input.addEventListener('input', () => {
    typed.set(key, input.value);
    act.stake(target, parseStake(input.value) ?? 0);
  });
  input.addEventListener('blur', () => typed.delete(key));
  return input;
}

/** The quick stake chips, added to the chip target's stake, and the largest stake the quote allows on it. */
export function stakeChipsRow(d: SlipInputs): HTMLElement {
  const { ctx, act } = d;
  const w = ctx.words.slip;
  const m = ctx.model();
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const max = chipMax(m);
  return h(
    'div',
    { class: 'sb-chips-row', role: 'group', 'aria-label': w.chips },
    ...stakeChips(m.lobby?.limits.minStake ?? 100).map((c) =>
      h(
        'button',
        {
          type: 'button',
          class: 'button sb-stake-chip',
          'aria-label': fill(w.chip, { amount: money(c) }),
          'data-testid': `chip-${c}`,
          onclick: () => act.chip(c),
        },
        `+${moneyText(c, ctx.locale).replace(/[.,]00$/, '')}`,
      ),
    ),
    max
      ? h(
          'button',
          {
            type: 'button',
            class: 'button sb-stake-chip',
            'aria-label': fill(w.maxStake, { amount: money(max) }),
            onclick: () => act.max(),
          },
          w.max,
        )
      : null,
  );
}

/** What the book does with a price that moved before it takes the bet: any, only higher, or ask. */
export function oddsChangeSelect(d: SlipInputs): HTMLSelectElement {
  const { ctx, act } = d;
  const w = ctx.words.slip;
  const rule = h(
    'select',
    { class: 'sb-rule', 'aria-label': w.oddsChangeLabel, 'data-testid': 'odds-change' },
    ...(['any', 'higher', 'none'] as const).map((r) =>
      h('option', { value: r, selected: ctx.model().prefs.oddsChange === r }, w.oddsChange[r]),
    ),
  );
  rule.addEventListener('change', () => act.rule(rule.value as OddsChangeRule));
  return rule;
}

// ---- my bets' cash-out ----

/** A button's attributes for keptButton (`true`: present and empty). */
type ButtonAttrs = Record<string, string | true | undefined>;

export type KeptButtons = ReturnType<typeof createKeptButtons>;

/**
 * The cash-out buttons, kept by key. A redraw of my bets starts with `begin`, takes each button with
 * `button` and ends with `sweep`, which drops the buttons it did not draw.
 */
export function createKeptButtons() {
  // The cash-out buttons are the same elements from one redraw to the next. A live price or a bet's
  // new cash-out value redraws the list every few seconds; a new button each time would lose a tap
  // that lands between its press and its release, and on a slow phone that is most taps.
  const kept = new Map<string, { button: HTMLButtonElement; run: () => void }>();
  let drawn = new Set<string>();
  function keptButton(key: string, attrs: ButtonAttrs, text: string, run: () => void): HTMLButtonElement {
    drawn.add(key);
    let entry = kept.get(key);
    if (!entry) {
      const made = { button: h('button', { type: 'button' }), run };
      made.button.addEventListener('click', () => made.run());
      kept.set(key, made);
      entry = made;
    }
    entry.run = run;
    const b = entry.button;
    for (const name of b.getAttributeNames()) if (name !== 'type' && attrs[name] === undefined) b.removeAttribute(name);
    for (const [name, value] of Object.entries(attrs)) {
      const want = value === true ? '' : value;
      if (want !== undefined && b.getAttribute(name) !== want) b.setAttribute(name, want);
    }
    if (b.textContent !== text) b.textContent = text;
    return b;
  }
  return {
    button: keptButton,
    begin() {
      drawn = new Set();
    },
    sweep() {
      for (const key of kept.keys()) if (!drawn.has(key)) kept.delete(key);
    },
  };
}

/** What the cash-out controls use: my bets' view context and actions, its kept buttons, its state and redraw. */
export type CashOutInputs = {
  ctx: ViewCtx;
  act: BetsActions;
  kept: KeptButtons;
  /** The cash-out being prepared, if any (one at a time across my bets), and the auto cash-out form open. */
  state: { cashing: Cashing | null; auto: AutoDraft | null };
  render: () => void;
};

/**
 * A bet's auto cash-out: the value named and a button that removes it, or a button that opens the
 * form (the value's field, the range the book takes, and the button that sets it). The typed text
 * is kept in the state, so a redraw (a price moving) keeps it and its caret.
 */
export function autoCashOutControls(d: CashOutInputs, bet: MyBet) {
  const { ctx, act, state } = d;
  const w = ctx.words.bets;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const keptButton = d.kept.button;
  if (bet.autoCashOut !== null) {
    return h(
      'div',
      { class: 'sb-auto-cashout' },
      h(
        'p',
        { class: 'small', 'data-testid': 'auto-cashout-at' },
        fill(w.autoCashOutAt, { amount: money(bet.autoCashOut) }),
      ),
      keptButton(
        `auto-remove:${bet.id}`,
        { class: 'button ghost', 'data-testid': 'auto-cashout-remove', 'data-focus': `auto-remove:${bet.id}` },
        w.autoCashOutRemove,
        () => act.autoCashOut({ betId: bet.id, value: null }),
      ),
    );
  }
  const draft = state.auto?.betId === bet.id ? state.auto : null;
  const toggle = keptButton(
    `auto:${bet.id}`,
    {
      class: 'button ghost',
      'aria-expanded': String(draft !== null),
      'data-testid': 'auto-cashout',
      'data-focus': `auto:${bet.id}`,
    },
    w.autoCashOut,
    () => {
      state.auto = draft ? null : { betId: bet.id, text: '' };
      d.render();
    },
  );
  if (!draft) return h('div', { class: 'sb-auto-cashout' }, toggle);
  const hintId = `auto-hint-${bet.id}`;
  const field = h('input', {
    class: 'sb-stake',
    inputmode: 'decimal',
    autocomplete: 'off',
    'aria-label': w.autoCashOutLabel,
    'aria-describedby': hintId,
    'data-focus': `auto-value:${bet.id}`,
    'data-testid': 'auto-cashout-value',
    value: draft.text,
  });
  const set = h(
    'button',
    { type: 'button', class: 'button primary', 'data-testid': 'auto-cashout-set' },
    w.autoCashOutSet,
  );
  const sync = () => {
    set.disabled = autoCashOutValue(bet, field.value) === null;
  };
  field.addEventListener('input', () => {
    state.auto = { betId: bet.id, text: field.value };
    sync();
  });
  set.addEventListener('click', () => {
    const value = autoCashOutValue(bet, field.value);
    if (value === null) return;
    state.auto = null;
    act.autoCashOut({ betId: bet.id, value });
  });
  sync();
  return h(
    'div',
    { class: 'sb-auto-cashout' },
    toggle,
    h(
      'label',
      { class: 'small sb-auto-form' },
      h('span', {}, w.autoCashOutLabel),
      field,
      h(
        'span',
        { class: 'muted small', id: hintId },
        fill(w.autoCashOutHint, { min: money(bet.cashOut ?? 0), max: money(bet.potentialPayout) }),
      ),
    ),
    set,
  );
}

export function cashOutControls(d: CashOutInputs, bet: MyBet) {
  const { ctx, act, state } = d;
  const keptButton = d.kept.button;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const w = ctx.words.bets;
  const minStake = ctx.model().lobby?.limits.minStake ?? 1;
  if (bet.cashOut === null) {
    return h('button', { type: 'button', class: 'button', disabled: true, 'data-testid': 'cashout' }, w.cashOutNone);
  }
  const value = bet.cashOut;
  const c = state.cashing?.betId === bet.id ? state.cashing : null;
  const part = c?.part ?? null;
  const held = liveHold(c, Date.now());
  const partValue = held?.value ?? (part === null ? value : partialCashOut(value, bet.openStake, part));
  const redraw = (next: Cashing | null) => {
    state.cashing = next;
    d.render();
  };
  const controls: HTMLElement[] = [];
  let mainButton: HTMLButtonElement;
  if (c?.confirm) {
    mainButton = keptButton(
      `cash-confirm:${bet.id}`,
      { class: 'button primary', 'data-testid': 'cashout-confirm', 'data-focus': `cash-confirm:${bet.id}` },
      fill(w.confirmCashOut, { amount: money(partValue) }),
      () => {
        state.cashing = null;
        // A hold that ran out while the button showed it is left out: its value is then only the floor.
        const live = liveHold(c, Date.now());
        act.cashOut({ betId: bet.id, part, expected: partValue, ...(live ? { hold: live.hold } : {}) });
      },
    );
    controls.push(
      mainButton,
      keptButton(`cash-cancel:${bet.id}`, { class: 'button ghost' }, w.cancel, () => redraw(null)),
    );
    if (c.held) {
      controls.push(
        h(
          'p',
          { class: 'small sb-cash-held', role: 'status', 'data-testid': 'cashout-held' },
          held ? fill(w.cashOutHeld, { seconds: String(held.seconds) }) : w.cashOutHoldEnded,
        ),
      );
    }
  } else {
    mainButton = keptButton(
      `cash:${bet.id}`,
      { class: 'button primary', 'data-testid': 'cashout', 'data-focus': `cash:${bet.id}` },
      fill(w.cashOut, { amount: money(partValue) }),
      () => {
        redraw(cashOutTapped(state.cashing, bet.id));
        act.holdCashOut({ betId: bet.id, part });
      },
    );
    controls.push(mainButton);
    if (bet.openStake > minStake) {
      controls.push(
        keptButton(
          `cash-part:${bet.id}`,
          { class: 'button ghost', 'aria-expanded': String(part !== null), 'data-testid': 'cashout-part' },
          w.cashOutPart,
          () => redraw(partTapped(part, bet.id, bet.openStake, minStake)),
        ),
      );
    }
  }
  let slider: HTMLElement | null = null;
  if (part !== null && !c?.confirm) {
    const partText = (p: number) =>
      fill(w.cashOutPartValue, {
        part: money(p),
        stake: money(bet.openStake),
        amount: money(partialCashOut(value, bet.openStake, p)),
      });
    const said = h('p', { class: 'small', 'data-testid': 'cashout-part-value' }, partText(part));
    const range = h('input', {
      type: 'range',
      class: 'sb-cash-range',
      min: minStake,
      max: bet.openStake - 1,
      step: 1,
      value: part,
      'aria-label': w.cashOutPartLabel,
      'aria-valuetext': partText(part),
      'data-focus': `cash-range:${bet.id}`,
      'data-testid': 'cashout-range',
    });
    // Moving the slider redraws only its own texts: a redraw of the list would drop the drag.
    range.addEventListener('input', () => {
      const p = Number(range.value);
      state.cashing = { betId: bet.id, part: p, confirm: false };
      said.textContent = partText(p);
      range.setAttribute('aria-valuetext', partText(p));
      mainButton.textContent = fill(w.cashOut, { amount: money(partialCashOut(value, bet.openStake, p)) });
    });
    slider = h('div', { class: 'sb-cash-part' }, range, said);
  }
  return h('div', { class: 'sb-cashout' }, h('div', { class: 'sb-actions' }, ...controls), slider);
}
