import { describe, expect, it } from 'vitest';
import { isSportsbookCategory, lobbyVendorsOf } from './game-filters';

// The Sports, E-sports and Cockfight pages open the sportsbook of each vendor whose lane card has
// a lobby, above their virtual sports (game-centre-page.tsx, vendor-extras.tsx SportsbookEntries).
describe('the sportsbook categories', () => {
  const lanes = [
    {
      gameCategory: 'SPORTS',
      vendors: [
        { vassalage: 'IBC', isGame: 'VASSALAGE' },
        { vassalage: 'XX', isGame: null },
        { vassalage: 'UG', isGame: 'VASSALAGE' },
      ],
    },
    { gameCategory: 'COCKFIGHT', vendors: [{ vassalage: 'DS88', isGame: 'VASSALAGE' }] },
  ];

  it('are Sports, E-sports and Cockfight', () => {
    expect(['SPORTS', 'ESPORTS', 'COCKFIGHT'].every(isSportsbookCategory)).toBe(true);
    expect(['RNG', 'LIVE', undefined].some(isSportsbookCategory)).toBe(false);
  });

  it("list the category lane's lobby vendors in lane order", () => {
    expect(lobbyVendorsOf(lanes, 'SPORTS')).toEqual(['IBC', 'UG']);
    expect(lobbyVendorsOf(lanes, 'COCKFIGHT')).toEqual(['DS88']);
    expect(lobbyVendorsOf(lanes, 'ESPORTS')).toEqual([]);
  });
});
