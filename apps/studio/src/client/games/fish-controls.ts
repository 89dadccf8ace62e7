// The fishing page's controls: how many shots, the value of a shot, the fish to aim at (any by
// default) and the fire button. Playing the round is the page's: this takes the input and says the bet.
import { h, money } from '../ui';
import { actionButton } from './common';
import { FIRST_SHOTS, type FishGame, type FishWords, fireBet, shotCounts } from './fish-state';

export type FishControlsOptions = {
  game: FishGame;
  words: FishWords;
  /** The fire button was pressed with this bet; resolves when the round is played. */
  onFire: (bet: ReturnType<typeof fireBet>) => Promise<unknown>;
};

export function createFishControls(o: FishControlsOptions): HTMLElement {
  const { game, words: w } = o;
  const shots = h('select', { 'aria-label': w.shots, 'data-testid': 'shots' });
  for (const n of shotCounts(game.maxShots))
    shots.append(h('option', { value: n, selected: n === FIRST_SHOTS }, w.shotCount(n)));
  const value = h('select', { 'aria-label': w.shotValue, 'data-testid': 'chip' });
  for (const v of game.shotValues) value.append(h('option', { value: v }, w.perShot(money(v))));
  const target = h('select', { 'aria-label': w.target }, h('option', { value: '' }, w.anyFish));
  for (const k of game.kinds) target.append(h('option', { value: k.id }, `${k.name} ×${k.multiplier}`));
  return h(
    'div',
    { class: 'controls' },
    shots,
    value,
    target,
    actionButton(w.fire, () => o.onFire(fireBet(shots.value, value.value, target.value)), { 'data-testid': 'spin' }),
  );
}
