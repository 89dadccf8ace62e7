// The draw schedule of the lottery games (spec §7 "Lottery"). Pure and deterministic:
// no I/O, no clock of its own. The games server (open-draw menus) and the house studio (which
// runs the draws) both call it, so a draw id means the same window everywhere, on every node.
//
// Schedule per lottery vendor: draws every `intervalSeconds`, aligned to the Unix epoch (so to
// UTC midnight, as every interval divides a day). Draw n:
//   drawsAt  = (n + 1) * interval
//   closesAt = drawsAt - closeLeadSeconds          (bets refused from here on)
//   opensAt  = closesAt of draw n - 1              (exactly one draw is open at any instant)
// Numero (draw id): the UTC date of the window start n * interval as yyyymmdd, then the 1-based
// index of the draw within that UTC day, 4 digits: '20261122-0001' is the draw of 00:05 UTC
// for a 5-minute game.

export interface LotterySchedule {
  /** Seconds between two draws; divides 86,400. */
  intervalSeconds: number;
  /** Betting closes this many seconds before the draw. */
  closeLeadSeconds: number;
}

/** Per lottery vendor (the LOTT and ELOTT catalogue vendors). Every game of a vendor follows its vendor's schedule. */
export const LOTTERY_SCHEDULES: Readonly<Record<string, LotterySchedule>> = {
  TCG_LOTTO_VN: { intervalSeconds: 300, closeLeadSeconds: 30 },
  TCG_SEA: { intervalSeconds: 180, closeLeadSeconds: 30 },
  LOTT: { intervalSeconds: 300, closeLeadSeconds: 30 },
  ELOTT: { intervalSeconds: 120, closeLeadSeconds: 30 },
};

export const LOTTERY_VENDORS = Object.keys(LOTTERY_SCHEDULES);

export interface LotteryGameRef {
  /** Vendor code, e.g. 'TCG_LOTTO_VN'. */
  vendor: string;
  /** The vendor's game code, e.g. 'LOTT-001'. */
  gameCode: string;
}

export interface LotteryDraw {
  vendor: string;
  gameCode: string;
  /** Draw id, '<yyyymmdd>-<nnnn>' (see above); unique per game. */
  numero: string;
  opensAt: Date;
  closesAt: Date;
  drawsAt: Date;
}

const DAY_SECONDS = 86_400;

export function isLotteryVendor(vendor: string): boolean {
  return Object.hasOwn(LOTTERY_SCHEDULES, vendor);
}

export function scheduleOf(vendor: string): LotterySchedule {
  const s = LOTTERY_SCHEDULES[vendor];
  if (!s) throw new Error(`not a lottery vendor: ${vendor}`);
  return s;
}

/** Draw n of a game (n = the index of its window since the epoch). */
export function drawAt(game: LotteryGameRef, n: number): LotteryDraw {
  const { intervalSeconds: iv, closeLeadSeconds: lead } = scheduleOf(game.vendor);
  const start = n * iv;
  const day = Math.floor(start / DAY_SECONDS);
  const seq = (start - day * DAY_SECONDS) / iv + 1;
  const date = new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    vendor: game.vendor,
    gameCode: game.gameCode,
    numero: `${date}-${String(seq).padStart(4, '0')}`,
    opensAt: new Date((start - lead) * 1000),
    closesAt: new Date((start + iv - lead) * 1000),
    drawsAt: new Date((start + iv) * 1000),
  };
}

/** Index of the draw open at `at`: the one with opensAt <= at < closesAt. */
export function openDrawIndex(vendor: string, at: Date): number {
  const { intervalSeconds: iv, closeLeadSeconds: lead } = scheduleOf(vendor);
  return Math.floor((Math.floor(at.getTime() / 1000) + lead) / iv);
}

/** The draw taking bets at `at`. */
export function openDraw(game: LotteryGameRef, at: Date): LotteryDraw {
  return drawAt(game, openDrawIndex(game.vendor, at));
}

/**
 * The open draw and the `count` draws before it, newest first. The first previous draw may be
 * closed but not yet drawn (drawsAt > at) during the last closeLeadSeconds of a window.
 */
export function drawsAround(
  game: LotteryGameRef,
  at: Date,
  count: number,
): { open: LotteryDraw; previous: LotteryDraw[] } {
  const n = openDrawIndex(game.vendor, at);
  const previous: LotteryDraw[] = [];
  for (let k = 1; k <= count; k++) previous.push(drawAt(game, n - k));
  return { open: drawAt(game, n), previous };
}

/** The draw a numero names, or null when the string is not a numero of this game's schedule. */
export function drawByNumero(game: LotteryGameRef, numero: string): LotteryDraw | null {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/.exec(numero);
  if (!m || !isLotteryVendor(game.vendor)) return null;
  const { intervalSeconds: iv } = scheduleOf(game.vendor);
  const dayMs = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const seq = Number(m[4]);
  if (Number.isNaN(dayMs) || seq < 1 || seq > DAY_SECONDS / iv) return null;
  const n = (dayMs / 1000 + (seq - 1) * iv) / iv;
  const draw = drawAt(game, n);
  return draw.numero === numero ? draw : null; // rejects 2026-02-30 and the like
}
