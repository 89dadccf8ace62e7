import { describe, expect, it } from 'vitest';
import { GAME_MENU_CATEGORY_ORDER } from '../lib/art';
import { CATEGORY_ROUTES, categoryPath, paths } from './paths';

describe('category routes (spec §2)', () => {
  it('gives every menu category a route that lists that category', () => {
    for (const gameType of GAME_MENU_CATEGORY_ORDER) {
      const route = paths.category(gameType);
      expect(CATEGORY_ROUTES[route.slice(1)], `${gameType} -> ${route}`).toBe(gameType);
    }
  });

  it('sends JILI (game type JL) to /jili, whatever the case of the code', () => {
    expect(categoryPath('JL')).toBe('/jili');
    expect(categoryPath('jl')).toBe('/jili');
    expect(categoryPath('ELOTT')).toBe('/elott');
  });
});
