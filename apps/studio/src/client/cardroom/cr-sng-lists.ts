// The card room page's sit-and-gos (docs/pvp.md "Sit-and-go tournaments"): the lobby's cards (name,
// buy-in and fee, seats registered, starting chips, level length, prizes by place; register,
// unregister, open the table) and the bar above a tournament's table (level, blinds, time to the
// next level, players left, prizes, the player's finish), read from GET /api/pvp/sngs/:id.
import type { PvpTableView } from '../../cardroom/room/view';
import { fill } from '../i18n';
import { h } from '../ui';
import type { LobbyListOptions } from './cr-lists';
import { levelMinutes, prizesText, type SngRun, sngAction, sngBarLines } from './cr-tournament-state';
import type { CrWords } from './cr-words';

export type SngListOptions = LobbyListOptions & { showBalance: () => Promise<void> };

/** The sit-and-gos, a card each (the heading hidden while there are none). */
export function drawSngs(o: SngListOptions, heading: HTMLElement, list: HTMLElement, runs: readonly SngRun[]) {
  heading.hidden = runs.length === 0;
  list.replaceChildren(...runs.map((r) => sngCard(o, r)));
}

function sngCard(o: SngListOptions, r: SngRun): HTMLElement {
  const { money } = o;
  const w = o.words.sng;
  const actions = h('div', { class: 'cr-actions' });
  const action = o.trial ? null : sngAction(r);
  if (action) {
    const label = action === 'register' ? w.register : action === 'unregister' ? w.unregister : w.open;
    const button = h(
      'button',
      { type: 'button', class: action === 'unregister' ? 'button ghost' : 'button', 'data-testid': `sng-${action}` },
      label,
    );
    button.addEventListener('click', async () => {
      if (action === 'open') return o.showTable(r.id);
      button.disabled = true;
      try {
        await o.api(`/api/pvp/sngs/${encodeURIComponent(r.id)}/${action}`, { method: 'POST', body: {} });
        void o.showBalance();
        await o.refresh();
      } catch (err) {
        o.say(o.errorText(err), true);
        button.disabled = false;
      }
    });
    actions.append(button);
  }
  const status = r.status === 'running' ? w.running : r.status === 'finished' ? w.finished : null;
  return h(
    'article',
    { class: 'cr-trow', 'data-testid': 'sng', 'data-sng': r.id, 'data-status': r.status },
    h('h3', {}, status ? `${r.name} · ${status}` : r.name),
    h(
      'div',
      { class: 'cr-figs' },
      h('span', {}, fill(w.buyIn, { buyIn: money(r.buyIn), fee: money(r.fee) })),
      h('span', { 'data-testid': 'sng-registered' }, fill(w.registered, { taken: r.registered, total: r.seats })),
      h('span', {}, fill(w.chips, { chips: r.startingChips })),
      h('span', {}, fill(w.levelLength, { minutes: levelMinutes(r) })),
      h('span', {}, `${w.prizes} ${prizesText(r, money)}`),
    ),
    r.status === 'registering' && r.you.registered ? h('p', { class: 'cr-note strong' }, w.youRegistered) : null,
    actions,
  );
}

const BAR_POLL_MS = 3000;

/**
 * The bar above a table that is a sit-and-go's (its view says kind 'sng'): started by the first such
 * view (`watch`), then read every few seconds and its clock drawn every second. `stop` ends both.
 */
export function createSngBar(
  o: { words: CrWords; money: (minor: number) => string; api: <T>(path: string) => Promise<T> },
  tableId: string,
) {
  const el = h('section', { class: 'cr-sng-bar', hidden: true, 'data-testid': 'sng-bar', 'aria-live': 'polite' });
  let run: SngRun | null = null;
  let started = false;
  let stopped = false;
  let poll: ReturnType<typeof setTimeout> | undefined;
  let clock: ReturnType<typeof setInterval> | undefined;
  const draw = () => {
    if (!run) return;
    el.hidden = false;
    const lines = sngBarLines(run, o.words.sng, o.money, Date.now());
    el.replaceChildren(h('strong', {}, run.name), ...lines.map((line) => h('span', {}, line)));
  };
  const read = async () => {
    try {
      run = await o.api<SngRun>(`/api/pvp/sngs/${encodeURIComponent(tableId)}`);
    } catch {
      // Drawn as last read; asked again on the next round.
    }
    if (stopped) return;
    draw();
    if (run?.status !== 'finished') poll = setTimeout(read, BAR_POLL_MS);
  };
  return {
    el,
    watch: (v: PvpTableView) => {
      if (started || stopped || v.table.kind !== 'sng') return;
      started = true;
      clock = setInterval(draw, 1000);
      void read();
    },
    stop: () => {
      stopped = true;
      clearTimeout(poll);
      clearInterval(clock);
    },
  };
}
