// The crash page's controls: the stake with its half and double buttons, the auto cash-out, the
// manual and auto tabs with the auto-bet's limits, and the bet and cash-out buttons (the cash-out
// showing what it pays now). Input is checked here; what happens to a bet is the page's.
import { cashoutInRange } from '../../casino/engines/crash/crash-curve';
import type { gameWords } from '../game-words';
import { type AutoConfig, parseAutoConfig } from '../games/crash-present';
import { h, money } from '../ui';
import { type AutoRun, bettingOpen, type CrashModel, canCashOut, cashoutValue, myCurrent } from './crash-state';

export type CrashControlsOptions = {
  language: unknown;
  words: ReturnType<typeof gameWords>['crash'];
  currency: string;
  /** The page's live message line, shown under the buttons. */
  message: HTMLElement;
  say: (text: string, kind?: 'info' | 'error' | 'ok') => void;
  model: () => CrashModel;
  /** The server's clock. */
  now: () => number;
  /** Whether a bet or cash-out is on its way. */
  busy: () => boolean;
  autoRun: () => AutoRun | null;
  startAuto: (config: AutoConfig) => void;
  stopAuto: (reason: string | null) => void;
  bet: (minor: number, autoCashout: number | null) => void;
  cashOut: () => void;
};

export function createCrashControls(o: CrashControlsOptions) {
  const { language, words: w, say } = o;
  const field = (attrs: Record<string, string>) =>
    h('input', { type: 'number', inputmode: 'decimal', class: 'crash-input', ...attrs });
  const amount = field({
    min: '0.01',
    step: '0.01',
    value: '10.00',
    'aria-label': w.betAmount,
    'data-testid': 'amount',
  });
  const auto = field({
    min: '1.01',
    max: '10000',
    step: '0.01',
    placeholder: w.off,
    'aria-label': w.autoCashoutAt,
    'data-testid': 'auto-cashout',
  });
  const rounds = field({
    min: '1',
    max: '1000',
    step: '1',
    value: '10',
    'aria-label': w.rounds,
    'data-testid': 'auto-rounds',
  });
  const stopLoss = field({
    min: '0.01',
    step: '0.01',
    placeholder: w.none,
    'aria-label': w.stopOnLossOf,
    'data-testid': 'auto-stop-loss',
  });
  const stopProfit = field({
    min: '0.01',
    step: '0.01',
    placeholder: w.none,
    'aria-label': w.stopOnProfitOf,
    'data-testid': 'auto-stop-profit',
  });
  const half = h('button', { class: 'button small-btn', type: 'button', 'aria-label': w.halfBet }, '½');
  const double = h('button', { class: 'button small-btn', type: 'button', 'aria-label': w.doubleBet }, '2×');
  const betButton = h('button', { class: 'button crash-action', type: 'button', 'data-testid': 'bet' }, w.betButton);
  const cashButton = h(
    'button',
    { class: 'button crash-action cash', type: 'button', 'data-testid': 'cashout', disabled: true },
    w.cashOut,
  );
  const manualTab = h('button', { class: 'button small-btn', type: 'button', 'aria-pressed': 'true' }, w.manual);
  const autoTab = h(
    'button',
    { class: 'button small-btn', type: 'button', 'aria-pressed': 'false', 'data-testid': 'auto-tab' },
    w.auto,
  );
  const autoFields = h(
    'div',
    { class: 'crash-fields', hidden: true, 'data-testid': 'auto-panel' },
    h('label', {}, w.rounds, rounds),
    h('label', {}, w.stopOnLoss(o.currency), stopLoss),
    h('label', {}, w.stopOnProfit(o.currency), stopProfit),
  );
  const autoStatus = h('p', { class: 'muted small', 'data-testid': 'auto-status' });
  const el = h(
    'section',
    { class: 'panel crash-controls' },
    h('div', { class: 'crash-tabs', role: 'group', 'aria-label': w.betMode }, manualTab, autoTab),
    h(
      'div',
      { class: 'crash-fields' },
      h('label', {}, w.bet(o.currency), h('span', { class: 'crash-stake' }, amount, half, double)),
      h('label', {}, w.autoCashout, auto),
    ),
    autoFields,
    h('div', { class: 'crash-actions' }, betButton, cashButton),
    autoStatus,
    o.message,
  );

  let autoMode = false;
  const setMode = (isAuto: boolean) => {
    autoMode = isAuto;
    manualTab.setAttribute('aria-pressed', String(!isAuto));
    autoTab.setAttribute('aria-pressed', String(isAuto));
    autoFields.hidden = !isAuto;
    if (!isAuto) o.stopAuto(null);
    renderButtons();
  };
  manualTab.addEventListener('click', () => setMode(false));
  autoTab.addEventListener('click', () => setMode(true));
  const scaleStake = (by: number) => {
    const v = Math.max(0.01, Math.round(Number(amount.value) * by * 100) / 100);
    if (Number.isFinite(v)) amount.value = v.toFixed(2);
  };
  half.addEventListener('click', () => scaleStake(0.5));
  double.addEventListener('click', () => scaleStake(2));

  function renderButtons() {
    const m = o.model();
    const now = o.now();
    const busy = o.busy();
    const bet = myCurrent(m);
    const canCash = !busy && canCashOut(m);
    cashButton.disabled = !canCash;
    const value = canCash ? cashoutValue(m, now) : null;
    if (value !== null) {
      const text = w.cashOutAmount(money(value));
      if (cashButton.textContent !== text) cashButton.textContent = text;
    } else if (cashButton.textContent !== w.cashOut) cashButton.textContent = w.cashOut;
    if (autoMode) {
      betButton.disabled = busy && !o.autoRun();
      betButton.textContent = o.autoRun() ? w.stopAuto : w.startAuto;
    } else {
      betButton.disabled = busy || !bettingOpen(m, now) || !!bet;
      if (betButton.textContent !== w.betButton) betButton.textContent = w.betButton;
    }
    // Space plays whichever action is live: the cash-out while flying with a bet, else the bet.
    betButton.toggleAttribute('data-primary', !canCash);
    cashButton.toggleAttribute('data-primary', canCash);
  }

  betButton.addEventListener('click', () => {
    if (autoMode) {
      if (o.autoRun()) return o.stopAuto(null);
      const config = parseAutoConfig(
        {
          amount: amount.value,
          autoCashout: auto.value,
          rounds: rounds.value,
          stopLoss: stopLoss.value,
          stopProfit: stopProfit.value,
        },
        language,
      );
      if ('error' in config) return say(config.error, 'error');
      o.startAuto(config);
      return;
    }
    const minor = Math.round(Number(amount.value) * 100);
    const autoText = auto.value.trim();
    const autoCashout = autoText ? Math.round(Number(autoText) * 100) : null;
    if (!Number.isSafeInteger(minor) || minor <= 0) return say(w.enterAmount, 'error');
    if (autoCashout !== null && !cashoutInRange(autoCashout)) return say(w.cashoutRange, 'error');
    o.bet(minor, autoCashout);
  });
  cashButton.addEventListener('click', o.cashOut);

  return { el, autoStatus, renderButtons };
}
