import type { Transaction } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';
import { StudioError } from '../../kit/errors';
import type { StudioSession } from '../../kit/sessions';
import type { PvpRoom, SitGuard } from './room';
import { seatedPlayers, sittingsOfPlayerOrAt, takenSeatNumbers } from './seats.queries';
import { lobbyTableRows, lockHoldemTable, tableSeats } from './tables.queries';
import { type TongitsTableInfo, tongitsInfo } from './tongits-view';
import { type PvpTableInfo, tableInfo } from './view';
import {
  dropWaiting,
  everyWaitingList,
  joinWaitingList,
  leaveWaitingList,
  offersAt,
  setOfferEnd,
  waitingList,
} from './waiting.queries';

// The card room's lobby (docs/pvp.md "The lobby"): the tables of both games with their figures, "join
// the next free seat", and a waiting list per Hold'em table. The waiting list lives in the database
// (studio_pvp_waiting) and its offers are written inside a transaction that locks the table row, as a
// sit-down does, so every process sees one order: by the table's clock (the Hold'em room's tick calls
// step()), on a leave, on every waiting-list request and on every sit-down, offers that ran out are
// dropped (that player loses the place) and each free seat not yet offered goes to the next player
// waiting. Lobby reads write nothing: they work the list out as of now (settledList). While offers
// are open, the seats they cover are the offered players' own: anyone else's sit-down is refused
// with STUDIO_PVP_SEAT_OFFERED.

type Trx = Transaction<StudioDatabase>;

export type LobbyTiming = {
  /** How long a waiting player is offered a freed seat (default 20 s), then it goes to the next. */
  offerMs: number;
  /** The window of the lobby's figures: hands ended within it (default one hour). */
  figuresMs: number;
};

export const DEFAULT_LOBBY_TIMING: LobbyTiming = { offerMs: 20_000, figuresMs: 3_600_000 };

export type LobbyTable = PvpTableInfo & {
  seated: number;
  /** Seats this player may take now: free seats less those offered to others (plus the player's own offer). */
  open: number;
  /** Hands ended in the last hour. */
  handsPerHour: number;
  /** The average pot (every chip put in, rake included) of those hands; null with none. */
  averagePot: number | null;
  waiting: number;
  /** This player at the table: seated, their place on the waiting list (1 = first), their offer's end. */
  you: { seated: boolean; waitingPosition: number | null; offerEndsAt: string | null };
};

/** A Tongits table in the lobby: its page is its own (client/pvp/tongits-page.ts), opened by `link`. */
export type TongitsLobbyTable = TongitsTableInfo & {
  seated: number;
  /** Deals ended in the last hour. */
  handsPerHour: number;
  /** The table's page: this query on the card room page's own address (the launch link's). */
  link: string;
  you: { seated: boolean };
};

export type LobbyFilter = { seats?: number; betting?: 'no-limit' | 'pot-limit'; bigBlind?: number };

const ownerOf = (s: { vendor: string; player: string }) => `${s.vendor}:${s.player}`;

async function lockTable(trx: Trx, tableId: string): Promise<{ seats: number; currency: string }> {
  const row = await lockHoldemTable(trx, tableId);
  if (!row) throw new StudioError('STUDIO_PVP_TABLE_NOT_FOUND');
  return row;
}

type Waiting = { id: number; vendor: string; player: string; offer_expires_at: Date | null };

/**
 * A table's waiting list as of `now`, worked out without writing (the lobby's reads, and the writes
 * of settle()): players who sat down leave the list; offers that ran out leave it in the order they
 * ended, each passing its seat to the next in line from the moment it ended (so the list reads the
 * same whenever it is worked out, and the clock that writes it down can run late); then free seats
 * not yet offered go to the next in line from `now`. `list` in the order players joined.
 */
export function settledList(
  list: readonly Waiting[],
  seated: ReadonlySet<string>,
  free: number,
  now: Date,
  offerMs: number,
): { left: Waiting[]; gone: number[] } {
  const gone: number[] = [];
  const left: Waiting[] = [];
  for (const w of list) {
    if (seated.has(ownerOf(w))) gone.push(w.id);
    else left.push({ ...w, offer_expires_at: w.offer_expires_at === null ? null : new Date(w.offer_expires_at) });
  }
  const offers = () => left.filter((w) => w.offer_expires_at !== null).length;
  for (;;) {
    let ended: Waiting | null = null;
    for (const w of left) {
      const end = w.offer_expires_at;
      if (end === null || end > now) continue;
      if (ended === null || end < ended.offer_expires_at!) ended = w;
    }
    if (ended === null) break;
    const at = ended.offer_expires_at!.getTime();
    left.splice(left.indexOf(ended), 1);
    gone.push(ended.id);
    // Only the seat this offer covered passes on from its end; a seat freed since is offered below.
    const next = left.find((w) => w.offer_expires_at === null);
    if (next && offers() < free) next.offer_expires_at = new Date(at + offerMs);
  }
  let offered = offers();
  for (const w of left) {
    if (offered >= free) break;
    if (w.offer_expires_at !== null) continue;
    w.offer_expires_at = new Date(now.getTime() + offerMs);
    offered++;
  }
  return { left, gone };
}

/** What settledList() changes of a stored list: the entries to drop and the offers to write. */
function changesOf(list: readonly Waiting[], settled: { left: Waiting[]; gone: number[] }) {
  const before = new Map(
    list.map((w) => [w.id, w.offer_expires_at === null ? null : new Date(w.offer_expires_at).getTime()]),
  );
  const offers = settled.left.filter(
    (w) => w.offer_expires_at !== null && before.get(w.id) !== w.offer_expires_at.getTime(),
  );
  return { gone: settled.gone, offers };
}

/**
 * Brings a table's waiting list up to date at `now` (its row locked by the caller): expired offers
 * and players who sat down leave the list, and free seats are offered to the next in line.
 */
async function settle(trx: Trx, tableId: string, seats: number, now: Date, offerMs: number): Promise<void> {
  const taken = await seatedPlayers(trx, tableId);
  const list = await waitingList(trx, tableId);
  const { gone, offers } = changesOf(
    list,
    settledList(list, new Set(taken.map(ownerOf)), seats - taken.length, now, offerMs),
  );
  if (gone.length > 0) await dropWaiting(trx, gone);
  for (const w of offers) await setOfferEnd(trx, w.id, w.offer_expires_at);
}

export class PvpLobby {
  readonly room: PvpRoom;
  readonly timing: LobbyTiming;

  constructor(room: PvpRoom, timing: Partial<LobbyTiming> = {}) {
    this.room = room;
    this.timing = { ...DEFAULT_LOBBY_TIMING, ...timing };
    room.sitGuard = this.#guard;
    room.waitingStep = (tableId) => this.step(tableId);
  }

  get #db(): StudioDb {
    return this.room.deps.db;
  }

  #now(): Date {
    return this.room.deps.now();
  }

  /** A sit-down: free seats covered by others' offers are theirs; the player's own offer is used up. */
  readonly #guard: SitGuard = async (trx, { tableId, session, seats, now }) => {
    await settle(trx, tableId, seats, now, this.timing.offerMs);
    const taken = (await seatedPlayers(trx, tableId)).length;
    const list = await offersAt(trx, tableId);
    const mine = list.find((w) => w.vendor === session.vendor && w.player === session.player);
    const othersOffers = list.length - (mine ? 1 : 0);
    if (!mine && seats - taken - othersOffers <= 0) throw new StudioError('STUDIO_PVP_SEAT_OFFERED');
    await leaveWaitingList(trx, tableId, session);
  };

  /**
   * The clock's step of a table with a waiting list (the room's tick, under the table's lease): offers
   * that ran out pass to the next in line, and freed seats are offered, even while nobody reads the
   * lobby. The table row is locked only when something is to change.
   */
  async step(tableId: string): Promise<void> {
    const now = this.#now();
    const [table, taken, list] = await Promise.all([
      tableSeats(this.#db, tableId),
      seatedPlayers(this.#db, tableId),
      waitingList(this.#db, tableId),
    ]);
    if (!table || list.length === 0) return;
    const settled = settledList(
      list,
      new Set(taken.map(ownerOf)),
      table.seats - taken.length,
      now,
      this.timing.offerMs,
    );
    const { gone, offers } = changesOf(list, settled);
    if (gone.length === 0 && offers.length === 0) return;
    await this.#db.transaction().execute(async (trx) => {
      const locked = await lockTable(trx, tableId);
      await settle(trx, tableId, locked.seats, now, this.timing.offerMs);
    });
  }

  /** The Hold'em tables of the lobby (tables()), as `session`'s player sees them. */
  async tables(session: StudioSession): Promise<LobbyTable[]> {
    return (await this.read(session)).tables;
  }

  /**
   * Every table of both games with its settings and figures, as `session`'s player sees it, read in one
   * pass: the Hold'em tables with their waiting lists as of now (worked out, not written), and the
   * Tongits tables, whose pages the lobby links to.
   */
  async read(session: StudioSession): Promise<{ tables: LobbyTable[]; tongitsTables: TongitsLobbyTable[] }> {
    const now = this.#now();
    const since = new Date(now.getTime() - this.timing.figuresMs);
    const rows = await lobbyTableRows(this.#db, since);
    const waiting = await everyWaitingList(this.#db);
    const listed = new Set(waiting.map((w) => w.table_id));
    const taken = await sittingsOfPlayerOrAt(this.#db, session, [...listed]);
    const seatedAt = new Set(
      taken.filter((s) => s.vendor === session.vendor && s.player === session.player).map((s) => s.table_id),
    );
    const handsPerHour = (r: { hands: number | null }) =>
      Math.round((Number(r.hands ?? 0) * 3_600_000) / this.timing.figuresMs);
    const tongitsTables = rows.flatMap((r): TongitsLobbyTable[] =>
      r.game === 'tongits'
        ? [
            {
              ...tongitsInfo(r),
              seated: Number(r.seated ?? 0),
              handsPerHour: handsPerHour(r),
              link: `?table=${encodeURIComponent(r.id)}`,
              you: { seated: seatedAt.has(r.id) },
            },
          ]
        : [],
    );
    const holdem = rows.filter(
      (r): r is typeof r & { game: 'holdem'; betting: 'no-limit' | 'pot-limit' } => r.game === 'holdem',
    );
    const tables = holdem.map((r) => {
      const seatedHere = new Set(taken.filter((s) => s.table_id === r.id).map(ownerOf));
      const { left: list } = settledList(
        waiting.filter((w) => w.table_id === r.id),
        seatedHere,
        r.seats - Number(r.seated ?? 0),
        now,
        this.timing.offerMs,
      );
      const at = list.findIndex((w) => w.vendor === session.vendor && w.player === session.player);
      const mine = at >= 0 ? list[at]! : null;
      const offers = list.filter((w) => w.offer_expires_at !== null).length;
      const seated = Number(r.seated ?? 0);
      const othersOffers = offers - (mine?.offer_expires_at ? 1 : 0);
      const avg = r.avg_pot === null || r.avg_pot === undefined ? null : Math.round(Number(r.avg_pot));
      return {
        ...tableInfo(r),
        seated,
        open: seatedAt.has(r.id) ? 0 : Math.max(0, r.seats - seated - othersOffers),
        handsPerHour: handsPerHour(r),
        averagePot: avg,
        waiting: list.length,
        you: {
          seated: seatedAt.has(r.id),
          waitingPosition: at >= 0 ? at + 1 : null,
          offerEndsAt: mine?.offer_expires_at ? new Date(mine.offer_expires_at).toISOString() : null,
        },
      };
    });
    return { tables, tongitsTables };
  }

  /** Puts the player on a table's waiting list (at the end; once). Answers the lobby's row of the table. */
  async wait(session: StudioSession, tableId: string): Promise<LobbyTable> {
    if (session.mode !== 'real') throw new StudioError('STUDIO_PVP_REAL_ONLY');
    const now = this.#now();
    await this.#db.transaction().execute(async (trx) => {
      const table = await lockTable(trx, tableId);
      if (table.currency !== session.currency) {
        throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_CURRENCY' });
      }
      const taken = await seatedPlayers(trx, tableId);
      if (taken.some((s) => s.vendor === session.vendor && s.player === session.player)) {
        throw new StudioError('STUDIO_PVP_REFUSED', { reason: 'PVP_ALREADY_SEATED' });
      }
      await joinWaitingList(trx, tableId, session, now);
      await settle(trx, tableId, table.seats, now, this.timing.offerMs);
    });
    return this.#row(session, tableId);
  }

  /** Takes the player off a table's waiting list (an offer they hold passes to the next). */
  async unwait(session: StudioSession, tableId: string): Promise<LobbyTable> {
    const now = this.#now();
    await this.#db.transaction().execute(async (trx) => {
      const table = await lockTable(trx, tableId);
      await leaveWaitingList(trx, tableId, session);
      await settle(trx, tableId, table.seats, now, this.timing.offerMs);
    });
    return this.#row(session, tableId);
  }

  async #row(session: StudioSession, tableId: string): Promise<LobbyTable> {
    const row = (await this.tables(session)).find((t) => t.id === tableId);
    if (!row) throw new StudioError('STUDIO_PVP_TABLE_NOT_FOUND');
    return row;
  }

  /**
   * Sits the player at the next free seat of a table that fits the filter: tables in the session's
   * currency with a seat open to the player, the fullest first (where a game is running or about to),
   * then the lower stakes; the lowest free seat number. The buy-in is `buyInBigBlinds` big blinds
   * (default 100) held within the table's limits. A table that refuses for the one-address or
   * one-device rule, or whose seat was just taken, is passed over for the next.
   */
  async joinNext(
    session: StudioSession,
    token: string,
    input: { filter: LobbyFilter; buyInBigBlinds: number; clientSeed?: string },
    address: string | undefined,
  ): Promise<{ tableId: string; seat: number }> {
    if (session.mode !== 'real') throw new StudioError('STUDIO_PVP_REAL_ONLY');
    const { filter } = input;
    const candidates = (await this.tables(session))
      .filter(
        (t) =>
          t.currency === session.currency &&
          t.open > 0 &&
          (filter.seats === undefined || t.seats === filter.seats) &&
          (filter.betting === undefined || t.betting === filter.betting) &&
          (filter.bigBlind === undefined || t.bigBlind === filter.bigBlind),
      )
      .sort((a, b) => b.seated - a.seated || a.bigBlind - b.bigBlind || a.id.localeCompare(b.id));
    for (const t of candidates) {
      const taken = new Set((await takenSeatNumbers(this.#db, t.id)).map((s) => s.seat));
      const seat = Array.from({ length: t.seats }, (_, i) => i).find((i) => !taken.has(i));
      if (seat === undefined) continue;
      const buyIn = Math.min(t.maxBuyIn, Math.max(t.minBuyIn, input.buyInBigBlinds * t.bigBlind));
      try {
        await this.room.sit(
          session,
          token,
          t.id,
          { seat, buyIn, ...(input.clientSeed === undefined ? {} : { clientSeed: input.clientSeed }) },
          address,
        );
        return { tableId: t.id, seat };
      } catch (err) {
        if (!(err instanceof StudioError) || !passOver(err)) throw err;
      }
    }
    throw new StudioError('STUDIO_PVP_NO_FREE_SEAT');
  }
}

/** Refusals that concern this table only: the next table may still seat the player. */
function passOver(err: StudioError): boolean {
  if (err.code === 'STUDIO_PVP_SAME_ADDRESS' || err.code === 'STUDIO_PVP_SAME_DEVICE') return true;
  if (err.code === 'STUDIO_PVP_SEAT_OFFERED') return true;
  const reason = (err.detail as { reason?: unknown } | undefined)?.reason;
  return err.code === 'STUDIO_PVP_REFUSED' && (reason === 'PVP_SEAT_TAKEN' || reason === 'PVP_ALREADY_SEATED');
}
