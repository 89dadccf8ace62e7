import type { FastifyInstance } from 'fastify';
import type { RoundDeps } from '../kit/deps';
import { openDemoTables } from './room/demo-tables';
import { type LobbyTiming, PvpLobby } from './room/lobby';
import { registerPvpLobbyRoutes } from './room/lobby-routes';
import { PvpRoom, type PvpTiming } from './room/room';
import { type PvpRouteHelpers, registerPvpRoutes } from './room/routes';
import { openDemoSngs } from './room/sng';
import { registerSngRoutes } from './room/sng-routes';
import { openTongitsDemoTables } from './room/tongits-demo-tables';
import { TongitsRoom } from './room/tongits-room';

// The card rooms in the studio (plugin.ts): the Hold'em room and the Tongits room, started on one
// clock, with their tables' routes and the lobby both share.

export type CardRooms = { pvp: PvpRoom; tongits: TongitsRoom };

export type CardRoomStart = {
  /** The rooms' own loops; off in tests, which drive pvp.tick() and tongits.tick(). */
  loop: boolean;
  /** Open the demo tables (docs/pvp.md). */
  demoTables: boolean;
  trialCurrency: string;
  timing?: Partial<PvpTiming> | undefined;
};

/** Starts both rooms, with their demo tables when asked. */
export async function startCardRooms(deps: RoundDeps, o: CardRoomStart): Promise<CardRooms> {
  const clock = o.loop ? {} : { tickMs: 0 };
  const pvp = new PvpRoom(deps, { ...clock, ...pvpTimingFromEnv(), ...o.timing });
  if (o.demoTables) await openDemoTables(pvp, o.trialCurrency);
  if (o.demoTables) await openDemoSngs(deps.db, o.trialCurrency);
  pvp.start();
  const tongits = new TongitsRoom(deps, { ...clock, ...o.timing });
  if (o.demoTables) await openTongitsDemoTables(tongits, o.trialCurrency);
  tongits.start();
  return { pvp, tongits };
}

/**
 * The rooms' routes: the Hold'em tables at /api/pvp and /ws/pvp (docs/pvp.md "Protocol"), the Tongits
 * tables with the same calls below /api/pvp/tongits, the lobby over both, and the sit-and-gos.
 */
export function registerCardRoomRoutes(
  app: FastifyInstance,
  { pvp, tongits }: CardRooms,
  kit: Pick<PvpRouteHelpers, 'session' | 'parse'>,
  o: { lobby?: Partial<LobbyTiming> | undefined; demo: boolean },
): void {
  registerPvpRoutes(app, pvp, {
    ...kit,
    moreTables: () => tongits.listTables(),
    otherHand: (handId, owner) => tongits.hand(handId, owner),
  });
  registerPvpRoutes(app, tongits, kit, { api: '/api/pvp/tongits', ws: '/ws/pvp/tongits' });
  registerPvpLobbyRoutes(app, new PvpLobby(pvp, o.lobby), kit, { demo: o.demo });
  registerSngRoutes(app, pvp, kit);
}

export { isTongitsTable } from './room/tongits-room';

/**
 * The Hold'em tables' pause between hands from the environment (STUDIO_PVP_BETWEEN_HANDS_MS): the
 * browser specs' server plays hands back to back without the result's four seconds on show.
 */
function pvpTimingFromEnv(): Partial<PvpTiming> {
  const v = Number(process.env.STUDIO_PVP_BETWEEN_HANDS_MS);
  return Number.isInteger(v) && v >= 500 && v <= 600_000 ? { betweenHandsMs: v } : {};
}
