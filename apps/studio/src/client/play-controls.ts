// The game page's inputs: the fairness drawer (the seed hash and nonce, the client seed form, the
// seed rotation that reveals the old seed) and the free spins buttons of a round that owes them.
import type { ClientSeedRequest, RotateSeedAnswer } from '../api-types';
import { hidesContinue, type PlayContext } from './play-state';
import type { PlayAnswer, RoundView, SeedView } from './types';
import { h, shortHash } from './ui';
import { fairUrl } from './words';

export type PlayControlsDeps = PlayContext & {
  /** Runs a call unless one is under way, showing its failure. */
  guard: <T>(fn: () => Promise<T>) => Promise<T | undefined>;
  say: (text: string) => void;
  loadHistory: () => Promise<void>;
  /** Plays the next free spin of a round. */
  step: (roundId: string) => Promise<PlayAnswer | undefined>;
};

export function createPlayControls(deps: PlayControlsDeps) {
  const fair = createFairness(deps);
  const free = createContinue(deps);
  return { ...fair, ...free };
}

function createFairness({ api, w, language, guard, say, loadHistory }: PlayControlsDeps) {
  const hashEl = h('code', { 'data-testid': 'server-seed-hash' }, '');
  const nonceEl = h('code', { 'data-testid': 'nonce' }, '');
  const clientSeedInput = h('input', { 'aria-label': w.clientSeed, maxlength: 64, 'data-testid': 'client-seed' });
  const revealed = h('div', { class: 'revealed', 'data-testid': 'revealed' });
  const fairness = h(
    'section',
    { class: 'panel fairness' },
    h('h2', {}, w.provablyFair),
    h(
      'p',
      { class: 'muted small' },
      w.fairIntro,
      h('a', { href: fairUrl('', language), target: '_blank' }, w.verifier),
      '.',
    ),
    h('dl', {}, h('dt', {}, w.serverSeedHash), h('dd', {}, hashEl), h('dt', {}, w.nonce), h('dd', {}, nonceEl)),
    h(
      'form',
      {
        class: 'row',
        onsubmit: async (e: Event) => {
          e.preventDefault();
          await guard(async () => {
            showSeed(
              await api<SeedView>('/api/seed/client', {
                method: 'PUT',
                body: { clientSeed: clientSeedInput.value } satisfies ClientSeedRequest,
              }),
            );
            say(w.clientSeedSaved);
          });
        },
      },
      h('label', {}, `${w.clientSeed} `, clientSeedInput),
      h('button', { class: 'button', type: 'submit' }, w.save),
    ),
    h(
      'button',
      {
        class: 'button',
        'data-testid': 'rotate',
        onclick: () =>
          guard(async () => {
            const r = await api<RotateSeedAnswer>('/api/seed/rotate', { method: 'POST' });
            showSeed(r.next);
            revealed.replaceChildren(
              h('p', {}, w.previousSeed, h('code', { 'data-testid': 'revealed-seed' }, r.revealed.serverSeed)),
              h(
                'p',
                { class: 'muted small' },
                w.revealedLine(shortHash(r.revealed.serverSeedHash), r.revealed.clientSeed, r.revealed.lastNonce),
              ),
            );
            await loadHistory();
          }),
      },
      w.rotate,
    ),
    revealed,
  );

  function showSeed(seed: SeedView) {
    hashEl.textContent = seed.serverSeedHash;
    nonceEl.textContent = String(seed.nonce);
    if (document.activeElement !== clientSeedInput) clientSeedInput.value = seed.clientSeed;
  }

  return { fairness, showSeed };
}

function createContinue({ w, step }: PlayControlsDeps) {
  const continueBox = h('div', { class: 'continue', hidden: true });

  function showContinue(round: RoundView | null) {
    continueBox.replaceChildren();
    continueBox.hidden = hidesContinue(round);
    if (!round || hidesContinue(round)) return;
    const one = h(
      'button',
      { class: 'button primary', 'data-testid': 'free-spin' },
      w.playFreeSpin(round.pendingSteps),
    );
    const all = h('button', { class: 'button' }, w.playAll);
    one.addEventListener('click', () => void step(round.roundId));
    all.addEventListener('click', async () => {
      let current: RoundView | null = round;
      while (current && current.pendingSteps > 0) current = (await step(current.roundId))?.round ?? null;
    });
    continueBox.append(one, all);
  }

  return { continueBox, showContinue };
}
