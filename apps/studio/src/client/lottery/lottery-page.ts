// The lottery page on the shared frame (frame.ts: top bar, fairness drawer, sound, live region,
// space): the draw board that shows each draw being made from the server's result (games/
// lottery-board.ts), the countdown to the open draw's close and to the closed draw's drawing, the
// ticket picker (bet type, a number grid or quick pick, stake), your tickets (settled after each
// draw) and the history of draws with their revealed seeds in the fairness drawer.
//
// This file wires the parts: what the page knows (lottery-state.ts), the schedule and the board
// (lottery-scene.ts), the tickets and draws (lottery-lists.ts) and the picker (lottery-controls.ts).
import type { LotteryInfo, LotteryTicketAnswer, RoundRequest } from '../../api-types';
import { balanceShown } from '../balance-shown';
import { pageLanguage } from '../boot';
import { bindSpace, createFrame } from '../frame';
import { pageTitle } from '../game-title';
import { gameWords } from '../game-words';
import { addStyle, LOTTERY_CSS } from '../games/lottery-style';
import type { SessionInfo } from '../types';
import { ApiError, h, money } from '../ui';
import { createLotteryControls } from './lottery-controls';
import { createLotteryLists } from './lottery-lists';
import { createLotteryScene } from './lottery-scene';
import { applyLotteryAnswer, initialLotteryModel, type LotteryModel, loadStarted, reloadDue } from './lottery-state';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

export function lotteryPage(app: HTMLElement, info: SessionInfo, api: Api): void {
  addStyle('lottery-css', LOTTERY_CSS);
  const language = pageLanguage();
  const w = gameWords(language).lottery;
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const balanceEl = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const balance = balanceShown(balanceEl, money);
  let model: LotteryModel = initialLotteryModel();

  // A past draw's "show" button puts it on the stage's board.
  const lists = createLotteryLists(language, w, (r, animate) => void stage.present(r, animate));
  const frame = createFrame({
    title: pageTitle(info.engine),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance: balanceEl,
    currency: info.currency,
    drawerContent: [lists.fair],
  });
  const { message, sound } = frame;
  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };
  const stage = createLotteryScene({
    language,
    words: w,
    sound,
    reduced,
    say,
    tickets: () => model.data?.tickets ?? [],
    latest: () => model.data?.results[0],
  });
  const picker = createLotteryControls({
    language,
    words: w,
    currency: info.currency,
    sound,
    message,
    betTypes: () => model.data?.betTypes,
    buy: (bet) => void buy(bet),
  });

  async function load() {
    model = loadStarted(model, Date.now());
    const ticket = balance.ticket();
    const fresh = await api<LotteryInfo>('/api/lottery');
    const answer = applyLotteryAnswer(model, fresh, Date.now(), stage.shownNumero());
    model = answer.model;
    picker.offerTypes(fresh.betTypes);
    const { latest } = answer;
    lists.renderResults(fresh);
    stage.showLatest(latest);
    const settle = () => {
      balance.show(ticket, fresh.balance);
      lists.renderTickets(fresh);
    };
    if (latest && answer.board === 'drawn') {
      // A draw made while the page was open is shown being made; the tickets and the balance it
      // settled follow once the last number has landed.
      void stage.present(latest, true).then(settle);
      return;
    }
    // The draw found on opening is shown at once.
    if (latest && answer.board === 'found') void stage.present(latest, false);
    settle();
  }

  async function buy(bet: { type: string; numbers: string[]; amount: number }) {
    picker.setBuying(true);
    try {
      const ticket = balance.ticket();
      const r = await api<LotteryTicketAnswer>('/api/lottery/ticket', {
        method: 'POST',
        body: { bet } satisfies RoundRequest,
      });
      balance.show(ticket, r.balance);
      say(w.bought(r.numero));
      sound.play('spin');
      await load();
    } catch (err) {
      say(err instanceof ApiError ? err.message : w.couldNotBuy, 'error');
    } finally {
      picker.setBuying(false);
    }
  }

  app.replaceChildren(
    frame.header,
    h(
      'div',
      { class: 'lot-layout' },
      h('div', { class: 'lot-main' }, stage.schedule, stage.stage, picker.el),
      h('div', { class: 'lot-side' }, lists.ticketsPanel, lists.resultsPanel),
    ),
    frame.drawer,
  );
  bindSpace(picker.el);

  let loading = false;
  function tick() {
    const data = model.data;
    if (!data) return;
    const now = Date.now();
    stage.showSchedule(data, model.awaiting, now);
    lists.tickTickets(now);
    if (!loading && reloadDue(model, now)) {
      loading = true;
      void load()
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    }
  }
  setInterval(tick, 1000);
  void load()
    .then(tick)
    .catch((err) => say(err instanceof ApiError ? err.message : w.couldNotLoad, 'error'));
}
