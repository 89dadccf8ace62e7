import { describe, expect, it } from 'vitest';
import { readBoot } from './boot';
import { gameTitle } from './game-title';
import { engineTitle } from './game-words';

describe('game page title', () => {
  it('is the name the game was launched by, else its kind of game, never its code', () => {
    expect(gameTitle('fish', { gameName: 'Coral Reef Hunt' })).toBe('Coral Reef Hunt');
    expect(gameTitle('fish', { gameName: '  ' })).toBe('Fishing');
    expect(gameTitle('lottery', null)).toBe('Lottery');
    expect(gameTitle(null, {})).toBe('Game');
    expect(engineTitle('baccarat')).toBe('Baccarat');
  });

  it('reads the boot data the page shell wrote, and survives none or a broken one', () => {
    const doc = (text: string | null) => ({
      getElementById: () => (text === null ? null : ({ textContent: text } as HTMLElement)),
    });
    expect(readBoot(doc('{"gameName":"Lucky Lanterns"}'))).toEqual({ gameName: 'Lucky Lanterns' });
    expect(readBoot(doc(null))).toBeNull();
    expect(readBoot(doc('{'))).toBeNull();
  });
});
