// The bet slip as drawn: its legs (a price that moved shows old -> new, a suspended leg its lock),
// a stake for each single, the multiple and the system bets the legs allow, quick stake chips, the
// odds-change rule, the total stake and potential payout, the book's refusals in words, the wait
// of the in-play delay and the bets placed. It is redrawn from the state on every change; the field
// being typed in keeps its text and caret.
import type { MyBet, OddsChangeRule } from '../../sportsbook/api';
import { counted, fill } from '../i18n';
import { h } from '../ui';
import { oddsChangeSelect, type SlipInputs, stakeChipsRow, stakeField } from './sb-controls';
import { moneyText } from './sb-format';
import { betKindText, marketTitle, selectionName } from './sb-present';
import {
  changesToAccept,
  combinations,
  combinedOdds,
  legBlocked,
  multipleOffered,
  multipleRefusal,
  offeredBuilders,
  placeBlock,
  type SlipBet,
  type SlipLeg,
  type StakeTarget,
  slipBets,
  systemSizes,
  totals,
} from './sb-slip';
import { hasUnavailable, type LegNotice, maxLegs, placeButton, type SbModel, type SlipState } from './sb-state';
import { lockIcon, type ViewCtx } from './sb-views';

export type SlipActions = {
  remove(selectionId: string): void;
  clear(): void;
  stake(target: StakeTarget, minor: number): void;
  target(target: StakeTarget): void;
  chip(amount: number): void;
  max(): void;
  accept(): void;
  place(): void;
  removeUnavailable(): void;
  finish(keepLegs: boolean): void;
  rule(rule: OddsChangeRule): void;
};

/** The words of a refusal the slip shows: the page's own for each SB_ code, else the server's message. */
export function refusalText(ctx: ViewCtx, code: string, message: string): string {
  const errors = ctx.words.errors as Record<string, string>;
  const limits = ctx.model().lobby?.limits;
  const amount =
    code === 'SB_STAKE_TOO_LOW' && limits
      ? moneyText(limits.minStake, ctx.locale)
      : code === 'SB_PAYOUT_TOO_HIGH' && limits
        ? moneyText(limits.maxPayout, ctx.locale)
        : '';
  if (Object.hasOwn(errors, code)) return fill(errors[code]!, { amount });
  return message || errors.other!;
}

export function legName(ctx: ViewCtx, leg: SlipLeg): string {
  return selectionName(leg.market, leg.selection, leg, ctx.say());
}

/** The live region's sentence for a slip leg's change. */
export function noticeText(ctx: ViewCtx, notice: LegNotice): string {
  const leg = ctx.model().slip.legs.find((l) => l.selectionId === notice.selectionId);
  const selection = leg ? legName(ctx, leg) : '';
  const w = ctx.words.slip;
  switch (notice.kind) {
    case 'changed':
      return fill(w.legChanged, { selection, from: ctx.odds(notice.from), to: ctx.odds(notice.to) });
    case 'suspended':
      return fill(w.legSuspended, { selection });
    case 'resumed':
      return fill(w.legResumed, { selection });
    case 'unavailable':
      return fill(w.legUnavailable, { selection });
  }
}

function oddsText(ctx: ViewCtx, leg: SlipLeg) {
  const w = ctx.words.slip;
  const shown = h('span', { class: 'sb-leg-odds', 'data-testid': 'leg-odds' });
  if (leg.status === 'suspended') {
    shown.append(lockIcon(), ` ${ctx.words.price.suspended}`);
    return shown;
  }
  if (leg.odds1000 === null) {
    shown.textContent = ctx.words.price.notOffered;
    return shown;
  }
  if (leg.taken !== null && leg.taken !== leg.odds1000) {
    const dir = leg.odds1000 > leg.taken ? 'up' : 'down';
    shown.classList.add('changed', dir);
    shown.setAttribute('aria-label', fill(w.changed, { from: ctx.odds(leg.taken), to: ctx.odds(leg.odds1000) }));
    shown.append(h('s', { class: 'sb-was' }, ctx.odds(leg.taken)), ' → ', h('strong', {}, ctx.odds(leg.odds1000)));
    return shown;
  }
  if (leg.was !== null && leg.was !== leg.odds1000) {
    shown.classList.add('moved', leg.odds1000 > leg.was ? 'up' : 'down');
    shown.append(h('s', { class: 'sb-was' }, ctx.odds(leg.was)), ' → ');
  }
  shown.append(h('strong', {}, ctx.odds(leg.odds1000)));
  return shown;
}

function legRow(d: SlipInputs, leg: SlipLeg, bets: SlipBet[]) {
  const { ctx, act } = d;
  const w = ctx.words.slip;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const name = legName(ctx, leg);
  const single = bets.find((b) => b.target.kind === 'single' && b.target.selectionId === leg.selectionId);
  const target: StakeTarget = { kind: 'single', selectionId: leg.selectionId };
  return h(
    'li',
    {
      class: `sb-leg${legBlocked(leg) ? ' blocked' : ''}`,
      'data-leg': leg.selectionId,
      'data-status': leg.status,
      'data-testid': 'slip-leg',
    },
    h(
      'div',
      { class: 'sb-leg-top' },
      h('strong', { class: 'sb-leg-name' }, name),
      oddsText(ctx, leg),
      h(
        'button',
        {
          type: 'button',
          class: 'icon-button sb-remove',
          'aria-label': fill(w.remove, { selection: name }),
          'data-focus': `rm:${leg.selectionId}`,
          onclick: () => act.remove(leg.selectionId),
        },
        '×',
      ),
    ),
    h(
      'p',
      { class: 'muted small sb-leg-market' },
      `${marketTitle(leg.market, ctx.say())} · ${leg.home} – ${leg.away}`,
      leg.live ? h('span', { class: 'sb-live-tag' }, ` ${ctx.words.status.live}`) : null,
    ),
    h(
      'div',
      { class: 'sb-stake-row' },
      stakeField(d, target, ctx.model().slip.stakes.single[leg.selectionId] ?? 0, fill(w.stakeFor, { bet: name })),
      h('span', { class: 'sb-payout small' }, single ? `${w.payout} ${money(single.potentialPayout)}` : ''),
    ),
  );
}

/**
 * A bet builder per match with two or more legs on the slip: its joint price and stake, with a note
 * that all must win and there is no cash-out, or the book's reason it refuses the combination.
 */
function builderRows(d: SlipInputs, legs: SlipLeg[], bets: SlipBet[]): HTMLElement[] {
  const { ctx } = d;
  const w = ctx.words.slip;
  const m = ctx.model();
  const errors = ctx.words.errors as Record<string, string>;
  return offeredBuilders(legs, m.slip.builders).map((b) => {
    const name = `${ctx.words.kinds.builder} (${counted(ctx.words.counts.legs, b.selectionIds.length, ctx.locale)})`;
    const leg = legs.find((l) => l.eventId === b.eventId);
    const match = leg ? `${leg.home} – ${leg.away}` : '';
    if (b.odds1000 === null) {
      return h(
        'div',
        { class: 'sb-combo', 'data-testid': 'builder-refused' },
        h('div', { class: 'sb-combo-head' }, h('strong', {}, name), h('span', { class: 'muted small' }, match)),
        h('p', { class: 'sb-note' }, (b.refusal && errors[b.refusal]) || errors.other),
      );
    }
    const bet = bets.find((x) => x.target.kind === 'builder' && x.target.eventId === b.eventId);
    const payout = bet ? `${w.payout} ${moneyText(bet.potentialPayout, ctx.locale)}` : '';
    return h(
      'div',
      { class: 'sb-combo', 'data-testid': 'builder' },
      h(
        'div',
        { class: 'sb-combo-head' },
        h('strong', {}, name),
        h('span', {}, fill(w.odds, { odds: ctx.odds(b.odds1000) })),
      ),
      h('p', { class: 'muted small' }, `${match} · ${w.builderNote}`),
      h(
        'div',
        { class: 'sb-stake-row' },
        stakeField(
          d,
          { kind: 'builder', eventId: b.eventId },
          m.slip.stakes.builder?.[b.eventId] ?? 0,
          fill(w.stakeFor, { bet: name }),
        ),
        h('span', { class: 'sb-payout small' }, payout),
      ),
    );
  });
}

function comboRows(d: SlipInputs, legs: SlipLeg[], bets: SlipBet[]) {
  const { ctx } = d;
  const w = ctx.words.slip;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const m = ctx.model();
  const limit = maxLegs(m);
  const rows: HTMLElement[] = [];
  if (legs.length < 2) return rows;
  rows.push(...builderRows(d, legs, bets));
  if (!multipleOffered(legs, limit)) {
    const why = multipleRefusal(legs, limit);
    rows.push(
      h(
        'p',
        { class: 'sb-note', 'data-testid': 'multiple-refused' },
        why === 'same_event' ? w.sameEvent : fill(w.tooManyLegs, { max: limit }),
      ),
    );
    return rows;
  }
  const multiple = bets.find((b) => b.target.kind === 'multiple');
  const odds = legs.every((l) => l.taken !== null) ? ctx.odds(combinedOdds(legs.map((l) => l.taken!))) : '—';
  const label = fill(w.multipleOf, { legs: counted(ctx.words.counts.legs, legs.length, ctx.locale) });
  rows.push(
    h(
      'div',
      { class: 'sb-combo', 'data-testid': 'multiple' },
      h('div', { class: 'sb-combo-head' }, h('strong', {}, label), h('span', {}, fill(w.odds, { odds }))),
      h(
        'div',
        { class: 'sb-stake-row' },
        stakeField(d, { kind: 'multiple' }, m.slip.stakes.multiple, fill(w.stakeFor, { bet: label })),
        h('span', { class: 'sb-payout small' }, multiple ? `${w.payout} ${money(multiple.potentialPayout)}` : ''),
      ),
    ),
  );
  for (const size of systemSizes(legs, limit)) {
    const bet = bets.find((b) => b.target.kind === 'system' && b.target.size === size);
    const name = fill(w.system, { size, legs: legs.length });
    const n = combinations(legs.length, size);
    rows.push(
      h(
        'div',
        { class: 'sb-combo', 'data-testid': `system-${size}` },
        h(
          'div',
          { class: 'sb-combo-head' },
          h('strong', {}, name),
          h('span', { class: 'muted small' }, counted(w.systemBets, n, ctx.locale)),
        ),
        h(
          'div',
          { class: 'sb-stake-row' },
          stakeField(d, { kind: 'system', size }, m.slip.stakes.system[size] ?? 0, `${name}: ${w.perCombination}`),
          h(
            'span',
            { class: 'sb-payout small' },
            bet ? `${w.totalStake} ${money(bet.totalStake)} · ${w.payout} ${money(bet.potentialPayout)}` : '',
          ),
        ),
      ),
    );
  }
  return rows;
}

function placedView(d: SlipInputs, placed: MyBet[], pending: boolean): HTMLElement[] {
  const { ctx, act } = d;
  const w = ctx.words.slip;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const parts: (HTMLElement | null)[] = [
    h('h3', {}, w.placedTitle),
    pending
      ? h(
          'p',
          { class: 'sb-pending', role: 'status', 'data-testid': 'slip-pending' },
          h('span', { class: 'sb-spinner', 'aria-hidden': 'true' }),
          w.pending,
        )
      : null,
    h(
      'ul',
      { class: 'sb-placed' },
      ...placed.map((b) =>
        h(
          'li',
          { 'data-bet': b.id, 'data-status': b.status, 'data-testid': 'placed-bet' },
          h('strong', {}, betKindText(b, ctx.say())),
          ' ',
          h(
            'span',
            { class: `sb-bet-status ${b.status}` },
            b.status === 'pending' ? ctx.words.bets.status.pending : b.status === 'refused' ? w.refused : w.accepted,
          ),
          h(
            'p',
            { class: 'small' },
            `${ctx.words.bets.stake} ${money(b.stake)} · ${ctx.words.bets.potential} `,
            h('span', { 'data-testid': 'placed-payout' }, money(b.potentialPayout)),
          ),
        ),
      ),
    ),
    pending
      ? null
      : h(
          'div',
          { class: 'sb-actions' },
          h('button', { type: 'button', class: 'button', onclick: () => act.finish(true) }, w.keep),
          h(
            'button',
            { type: 'button', class: 'button primary', 'data-focus': 'slip-done', onclick: () => act.finish(false) },
            w.done,
          ),
        ),
  ];
  return parts.filter((x): x is HTMLElement => x !== null);
}

/** Why the slip cannot be placed as it is: the book's refusal, else the changed prices to accept. */
function refusalNote(ctx: ViewCtx, slip: SlipState) {
  const w = ctx.words.slip;
  const toAccept = changesToAccept(slip.legs);
  return slip.refusal
    ? h(
        'p',
        { class: 'sb-refusal', role: 'alert', 'data-testid': 'slip-refusal', 'data-code': slip.refusal.code },
        refusalText(ctx, slip.refusal.code, slip.refusal.message),
      )
    : toAccept.length
      ? h('p', { class: 'sb-refusal', role: 'alert', 'data-testid': 'slip-accept-note' }, w.changesToAccept)
      : null;
}

/** The slip being filled, into `body`: its legs, the multiple and systems, chips, rule, totals and the place button. */
function drawEdit(d: SlipInputs, body: HTMLElement, m: SbModel) {
  const { ctx, act } = d;
  const w = ctx.words.slip;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const slip = m.slip;
  const limit = maxLegs(m);
  const bets = slipBets(slip.legs, slip.stakes, limit, slip.builders);
  const sum = totals(bets);
  const block = placeBlock(slip.legs, bets, m.balance);
  const placing = slip.phase === 'placing';
  const button = placeButton(slip, block, sum.count);
  const place = h(
    'button',
    {
      type: 'button',
      class: 'button primary sb-place',
      'data-testid': 'place',
      'data-focus': 'place',
      disabled: button.disabled,
      onclick: () => (block === 'accept' ? act.accept() : act.place()),
    },
    button.word === 'place' || button.word === 'placeOne'
      ? fill(w[button.word], { amount: money(sum.stake) })
      : w[button.word],
  );
  body.replaceChildren(
    h('ul', { class: 'sb-legs' }, ...slip.legs.map((l) => legRow(d, l, bets))),
    ...comboRows(d, slip.legs, bets),
    stakeChipsRow(d),
    h('label', { class: 'sb-rule-row small' }, w.oddsChangeLabel, oddsChangeSelect(d)),
    ...(hasUnavailable(m)
      ? [
          h(
            'button',
            { type: 'button', class: 'button ghost', onclick: () => act.removeUnavailable() },
            w.removeUnavailable,
          ),
        ]
      : []),
    h('button', { type: 'button', class: 'button ghost sb-clear', onclick: () => act.clear() }, w.clear),
    // Totals, refusals and the place button stay at the sheet's bottom edge, in thumb reach.
    h(
      'div',
      { class: 'sb-slip-foot' },
      h(
        'dl',
        { class: 'sb-totals' },
        h('dt', {}, w.totalStake),
        h('dd', { 'data-testid': 'total-stake' }, money(sum.stake)),
        h('dt', {}, w.payout),
        h('dd', { 'data-testid': 'total-payout' }, money(sum.potentialPayout)),
      ),
      refusalNote(ctx, slip),
      place,
    ),
  );
  if (placing) place.setAttribute('aria-busy', 'true');
}

export function createSlipView(ctx: ViewCtx, act: SlipActions) {
  const w = ctx.words.slip;
  const d: SlipInputs = { ctx, act, typed: new Map<string, string>() };
  const live = h('p', { class: 'sb-sr', role: 'status', 'aria-live': 'polite', 'data-testid': 'slip-live' });
  const count = h('span', { class: 'sb-badge', 'data-testid': 'slip-count' }, '0');
  const title = h('h2', { id: 'sb-slip-title', tabindex: -1 }, w.title, ' ', count);
  const closeButton = h('button', { type: 'button', class: 'icon-button sb-sheet-close', 'aria-label': w.close }, '×');
  const body = h('div', { class: 'sb-slip-body' });
  const el = h(
    'aside',
    { id: 'sb-slip', class: 'sb-slip', 'aria-labelledby': 'sb-slip-title', 'data-testid': 'slip' },
    h('div', { class: 'sb-slip-head' }, title, closeButton),
    live,
    body,
  );

  function render() {
    const m = ctx.model();
    const slip = m.slip;
    count.textContent = String(slip.legs.length);
    el.classList.toggle('has-legs', slip.legs.length > 0);
    if (slip.phase === 'pending' || slip.phase === 'done') {
      body.replaceChildren(...placedView(d, slip.placed, slip.phase === 'pending'));
      return;
    }
    if (!slip.legs.length) {
      body.replaceChildren(h('p', { class: 'muted sb-empty' }, w.empty));
      return;
    }
    drawEdit(d, body, m);
  }

  function announce(notices: LegNotice[]) {
    if (!notices.length) return;
    live.textContent = notices.map((n) => noticeText(ctx, n)).join(' ');
  }

  /** Says a sentence about the slip (how many selections it holds) to screen readers only. */
  function status(text: string) {
    live.textContent = text;
  }

  return { el, title, closeButton, render, announce, status };
}
