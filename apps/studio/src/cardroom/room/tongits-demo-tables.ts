import type { TongitsRoom, TongitsTableSettings } from './tongits-room';

// The demo Tongits tables, opened with the Hold'em demo tables (demo-tables.ts) at the same stake
// levels in the demo brand's currency: a base stake of ₱2 (two tables) and ₱10, buy-ins from 20
// stakes (the deal needs 10: the stack rule) to 200, rake 5% of the winner's collection capped at
// ₱10 (₱30 at ₱10). Amounts in minor units (₱1 = 100).
const DEMO_TABLES: Omit<TongitsTableSettings, 'currency'>[] = [
  {
    id: 'tongits-2-a',
    name: 'Tongits ₱2 A',
    stake: 200,
    minBuyIn: 4_000,
    maxBuyIn: 40_000,
    rake: { basisPoints: 500, cap: 1_000 },
  },
  {
    id: 'tongits-2-b',
    name: 'Tongits ₱2 B',
    stake: 200,
    minBuyIn: 4_000,
    maxBuyIn: 40_000,
    rake: { basisPoints: 500, cap: 1_000 },
  },
  {
    id: 'tongits-10',
    name: 'Tongits ₱10',
    stake: 1_000,
    minBuyIn: 20_000,
    maxBuyIn: 200_000,
    rake: { basisPoints: 500, cap: 3_000 },
  },
];

/** Opens the demo Tongits tables that are not there yet (an operator's later changes are kept). */
export async function openTongitsDemoTables(room: TongitsRoom, currency: string): Promise<number> {
  let opened = 0;
  for (const table of DEMO_TABLES) {
    if (await room.createTable({ ...table, currency })) opened++;
  }
  return opened;
}
