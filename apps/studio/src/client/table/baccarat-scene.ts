// The baccarat scene: the player's and the banker's hands, the cards dealt and turned one by one in
// the server's order, the totals, the third-card notes, and the verdict with the winning areas lit.
import type { BaccaratView } from '../../casino/tables';
import { cardEl } from '../games/table-art';
import {
  baccaratVerdict,
  baccaratWinningSpots,
  type DealtCard,
  dealSequence,
  handTotal,
  thirdCardNotes,
} from '../games/table-present';
import { h } from '../ui';
import type { StageParts } from './table-scene';

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function createBaccaratScene(p: StageParts) {
  const { language, words: w, verdict, winBanner, spots, play, say } = p;
  const playerCards = h('div', { class: 'tb-cards', 'data-testid': 'player-cards' });
  const bankerCards = h('div', { class: 'tb-cards', 'data-testid': 'banker-cards' });
  const playerTotal = h('span', { class: 'tb-total', 'data-testid': 'player-total' }, '');
  const bankerTotal = h('span', { class: 'tb-total', 'data-testid': 'banker-total' }, '');
  const playerHand = h('div', { class: 'tb-hand player' }, h('h2', {}, `${w.player} `, playerTotal), playerCards);
  const bankerHand = h('div', { class: 'tb-hand banker' }, h('h2', {}, `${w.banker} `, bankerTotal), bankerCards);
  const notes = h('p', { class: 'tb-notes small', 'data-testid': 'draw-notes' }, '');
  const el = h('div', { class: 'tb-scene' }, h('div', { class: 'tb-hands' }, playerHand, bankerHand), notes);

  let dealRound = -1;
  let dealt: DealtCard[] = [];
  let dealChain: Promise<void> = Promise.resolve();
  let resultShown = -1;
  const handCards = { player: [] as DealtCard[], banker: [] as DealtCard[] };

  function resetRound() {
    playerCards.replaceChildren();
    bankerCards.replaceChildren();
    playerTotal.textContent = '';
    bankerTotal.textContent = '';
    notes.textContent = '';
    verdict.textContent = '';
    verdict.className = 'tb-verdict';
    winBanner.hidden = true;
    dealt = [];
    handCards.player = [];
    handCards.banker = [];
    dealChain = Promise.resolve();
    playerHand.classList.remove('winner');
    bankerHand.classList.remove('winner');
    for (const b of spots.values()) b.classList.remove('win');
  }

  async function showCard(d: DealtCard, index: number, round: number, quick: boolean) {
    if (round !== dealRound) return;
    const card = cardEl(d.card, index, language);
    (d.hand === 'player' ? playerCards : bankerCards).append(card);
    handCards[d.hand].push(d);
    if (quick) {
      card.classList.add('up');
    } else {
      play('deal');
      await wait(320);
      if (round !== dealRound) return;
      card.classList.add('up');
      play('flip');
      await wait(320);
    }
    (d.hand === 'player' ? playerTotal : bankerTotal).textContent = String(
      handTotal(handCards[d.hand].map((c) => c.card)),
    );
  }

  function render(roundId: number, o: BaccaratView, quick: boolean) {
    const seq = dealSequence(o);
    if (roundId !== dealRound) {
      // The last hand stays on the felt through the next betting phase, until the new deal begins:
      // players read it while they place their chips, as at a real table.
      if (seq.length === 0 && dealRound !== -1) return;
      resetRound();
      dealRound = roundId;
    }
    for (let k = dealt.length; k < seq.length; k++) {
      const d = seq[k] as DealtCard;
      dealt.push(d);
      dealChain = dealChain.then(() => showCard(d, k, roundId, quick));
    }
    if (o.result && resultShown !== roundId) {
      resultShown = roundId;
      const result = o.result;
      void dealChain.then(() => {
        if (roundId !== dealRound) return;
        notes.textContent = thirdCardNotes(o, language).join(' · ');
        verdict.textContent = baccaratVerdict({ ...o, result }, language);
        verdict.className = `tb-verdict ${result}`;
        playerHand.classList.toggle('winner', result === 'player');
        bankerHand.classList.toggle('winner', result === 'banker');
        p.lightSpots(baccaratWinningSpots({ ...o, result }));
        say(verdict.textContent ?? '');
      });
    }
  }

  /** Runs `show` once the cards dealt so far have all been turned. */
  function afterPresentation(_roundId: number | undefined, show: () => void) {
    void dealChain.then(show);
  }

  return { el, render, afterPresentation };
}
