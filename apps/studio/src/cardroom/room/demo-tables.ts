import type { PvpRoom, PvpTableSettings } from './room';

// The card room's demo tables, opened where the studio makes its other demo content (the servers,
// beside the sportsbook's simulated fixtures): heads-up, 6-max and 9-seat Hold'em at two stake
// levels, in the demo brand's currency. Amounts in minor units (₱1 = 100); rake 5% capped per hand.
const DEMO_TABLES: Omit<PvpTableSettings, 'currency'>[] = [
  {
    id: 'holdem-hu-1-2',
    name: "Hold'em heads-up 1/2",
    betting: 'no-limit',
    seats: 2,
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 4_000,
    maxBuyIn: 40_000,
    rake: { basisPoints: 500, cap: 1_000 },
  },
  {
    id: 'holdem-6-1-2',
    name: "Hold'em 6-max 1/2",
    betting: 'no-limit',
    seats: 6,
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 4_000,
    maxBuyIn: 40_000,
    rake: { basisPoints: 500, cap: 1_000 },
  },
  {
    id: 'holdem-6-5-10',
    name: "Hold'em 6-max 5/10",
    betting: 'no-limit',
    seats: 6,
    smallBlind: 500,
    bigBlind: 1_000,
    minBuyIn: 20_000,
    maxBuyIn: 200_000,
    rake: { basisPoints: 500, cap: 3_000 },
  },
  {
    id: 'holdem-9-1-2-pl',
    name: "Pot-limit Hold'em 9 seats 1/2",
    betting: 'pot-limit',
    seats: 9,
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 4_000,
    maxBuyIn: 40_000,
    rake: { basisPoints: 500, cap: 1_000 },
  },
  {
    id: 'holdem-9-5-10',
    name: "Hold'em 9 seats 5/10",
    betting: 'no-limit',
    seats: 9,
    smallBlind: 500,
    bigBlind: 1_000,
    minBuyIn: 20_000,
    maxBuyIn: 200_000,
    rake: { basisPoints: 500, cap: 3_000 },
  },
];

/** Opens the demo tables that are not there yet (an operator's later changes to them are kept). */
export async function openDemoTables(room: PvpRoom, currency: string): Promise<number> {
  let opened = 0;
  for (const table of DEMO_TABLES) {
    if (await room.createTable({ ...table, currency })) opened++;
  }
  return opened;
}
