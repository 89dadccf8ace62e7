import type { TicketKindInput } from '@gamehall/shared/api/tickets';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { brandDayBounds } from '../../db/brand-days';
import type { Conn, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import { pageOffset } from '../../http/paging';
import type { ActivityConsumer } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import { post } from '../ledger/ledger.service';
import { postPoints } from '../ledger/points-ledger.service';
import { assertNotOnBreak } from '../responsible/responsible.service';
import { fairRoll, newClientSeed, newServerSeed, prizeIndexOf, seedHashOf, totalWeight } from './tickets.fairness';
import * as q from './tickets.queries';
import type { StoredPrize } from './tickets.tables';

// Tickets (spec §1; rules in docs/referrals-tickets.md).
// Earning: the consumer `tickets` grants one ticket of every enabled kind whose deposit_min the
// credited deposit reaches (source deposit:<event>); referrals grant them per stage
// (referral:<reward>), a prize may be another ticket (ticket:<id>). One ticket per (member, kind,
// source), so a replay never grants twice.
// Opening: the ticket row moves unopened -> opened by one guarded UPDATE, so two openings at once
// open it once; the draw takes the next nonce of the member's committed seed, rolls by the weights
// of the kind's prize table at that moment and pays the prize in the same transaction
// (cash or bonus from promotions-expense, key ticket:<id>:prize; points from the points house
// account earned; a ticket with source ticket:<id>).

const EXPENSE = 'promotions-expense';

/** Grants one ticket of a kind; undefined when this (member, kind, source) already has one. */
export async function grantTicket(trx: Trx, memberId: number, kindId: number, source: string, now: Date) {
  return q.insertTicket(trx, { member_id: memberId, kind_id: kindId, source, created_at: now });
}

/**
 * Issues the tickets a mission, a promotion or a points redemption pays (docs/referrals-tickets.md
 * "Earning"): `count` tickets of the kind, sources `<source>` (count 1) or `<source>:<n>`. Idempotent
 * per source: a replay or a second claim that gets this far returns the tickets already issued and
 * issues none. The kind must exist and be enabled when it is first issued (TICKET_KIND_NOT_FOUND,
 * TICKET_KIND_DISABLED); a replay of an issue already made answers whatever the kind's state.
 */
export async function issueTickets(
  trx: Trx,
  issue: { memberId: number; kindId: number; source: string; count?: number; now: Date },
): Promise<number[]> {
  const count = issue.count ?? 1;
  const sources = count === 1 ? [issue.source] : Array.from({ length: count }, (_, i) => `${issue.source}:${i + 1}`);
  const kind = await q.kindById(trx, issue.kindId);
  if (!kind) throw new AppError('TICKET_KIND_NOT_FOUND');
  const ids: number[] = [];
  for (const source of sources) {
    const existing = await q.ticketBySource(trx, issue.memberId, issue.kindId, source);
    if (existing) {
      ids.push(Number(existing.id));
      continue;
    }
    if (!kind.enabled) throw new AppError('TICKET_KIND_DISABLED');
    const id = await grantTicket(trx, issue.memberId, issue.kindId, source, issue.now);
    const made = id ?? (await q.ticketBySource(trx, issue.memberId, issue.kindId, source))?.id;
    if (made === undefined) throw new Error('ticket not issued');
    ids.push(Number(made));
  }
  return ids;
}

/** Refuses a ticket kind a programme's reward names unless it exists and is enabled. */
export async function checkRewardTicketKind(db: Conn, id: number): Promise<void> {
  const kind = await q.kindById(db, id);
  if (!kind) throw new AppError('TICKET_KIND_NOT_FOUND');
  if (!kind.enabled) throw new AppError('TICKET_KIND_DISABLED');
}

/** The ticket kind's `kind` (red envelope, prize wheel, golden egg) and name, for the programmes' screens. */
export function ticketKindOf(db: Conn, id: number) {
  return q.kindById(db, id);
}

export const ticketsConsumer: ActivityConsumer = {
  name: 'tickets',
  kinds: ['deposit'],
  async handle(trx, event, ctx) {
    for (const k of await q.depositKinds(trx, event.amount)) {
      await grantTicket(trx, event.memberId, k.id, `deposit:${event.id}`, ctx.now());
    }
  },
};

// ---- member

export async function listTickets(
  ctx: AppContext,
  memberId: number,
  query: { state?: 'unopened' | 'opened'; pageNo: number; pageSize: number },
) {
  const seed = await currentSeed(ctx, memberId);
  const page = await q.memberTickets(ctx.db, memberId, {
    state: query.state,
    offset: pageOffset(query),
    limit: query.pageSize,
  });
  return { ...page, seed, unopened: await q.unopenedCount(ctx.db, memberId) };
}

async function currentSeed(ctx: AppContext, memberId: number) {
  const seed = await q.activeSeed(ctx.db, memberId);
  if (seed) return seed;
  await ctx.db.transaction().execute((trx) => ensureSeed(trx, memberId));
  const made = await q.activeSeed(ctx.db, memberId);
  if (!made) throw new Error('ticket seed missing');
  return made;
}

function ensureSeed(trx: Trx, memberId: number) {
  const { serverSeed, seedHash } = newServerSeed();
  return q.ensureSeed(trx, memberId, { server_seed: serverSeed, seed_hash: seedHash, client_seed: newClientSeed() });
}

/** Opens one ticket of the member: draws, records and pays the prize, once. */
export async function openTicket(ctx: AppContext, memberId: number, ticketId: number) {
  return ctx.db.transaction().execute(async (trx) => {
    await assertNotOnBreak(ctx, trx, memberId); // no promotion during a break
    const now = ctx.now();
    const ticket = await q.markOpened(trx, memberId, ticketId, now);
    if (!ticket) {
      const existing = await q.ticketOf(trx, memberId, ticketId);
      throw new AppError(existing ? 'TICKET_ALREADY_OPENED' : 'TICKET_NOT_FOUND');
    }
    const kind = await q.kindById(trx, ticket.kind_id);
    if (!kind) throw new AppError('TICKET_NOT_FOUND');
    const prizes = kind.prizes;
    if (prizes.length === 0) throw new AppError('TICKET_NO_PRIZES');
    await ensureSeed(trx, memberId);
    const seed = await q.lockActiveSeed(trx, memberId);
    const nonce = Number(seed.next_nonce);
    await q.advanceNonce(trx, seed.id);
    const weights = prizes.map((p) => p.weight);
    const roll = fairRoll(seed.server_seed, seed.client_seed, nonce, totalWeight(weights));
    const prizeIndex = prizeIndexOf(weights, roll);
    const prize = prizes[prizeIndex] as StoredPrize;
    const currency = (await getBrand(trx)).currency;
    const postingId = await payPrize(trx, memberId, ticket.id, prize, currency, now);
    const draw = await q.insertDraw(trx, {
      ticket_id: ticket.id,
      member_id: memberId,
      seed_id: seed.id,
      nonce,
      roll,
      weights,
      prize_index: prizeIndex,
      prize,
      currency,
      posting_id: postingId,
      created_at: now,
    });
    return { ticket, kind, draw, seed: { ...seed, revealed_at: null } };
  });
}

async function payPrize(
  trx: Trx,
  memberId: number,
  ticketId: number,
  prize: StoredPrize,
  currency: string,
  now: Date,
): Promise<number | null> {
  const key = `ticket:${ticketId}:prize`;
  if (prize.type === 'cash' || prize.type === 'bonus') {
    const r = await post(trx, {
      idempotencyKey: key,
      type: 'bonus.ticket',
      reference: `TK${ticketId}`,
      entries: [
        { account: { house: EXPENSE, currency }, amount: -prize.amount },
        { account: { member: memberId, kind: prize.type, currency }, amount: prize.amount },
      ],
    });
    return r.postingId;
  }
  if (prize.type === 'points') {
    await postPoints(trx, {
      idempotencyKey: key,
      type: 'ticket.prize',
      reference: `TK${ticketId}`,
      entries: [
        { account: { house: 'earned' }, amount: -prize.points },
        { account: { member: memberId }, amount: prize.points },
      ],
    });
    return null;
  }
  if (prize.type === 'ticket' && prize.ticketKindId !== null) {
    await grantTicket(trx, memberId, prize.ticketKindId, `ticket:${ticketId}`, now);
  }
  return null;
}

export async function drawOf(ctx: AppContext, memberId: number, drawId: number) {
  const d = await q.drawOf(ctx.db, memberId, drawId);
  if (!d) throw new AppError('TICKET_DRAW_NOT_FOUND');
  return d;
}

/** Recomputes a draw from its revealed seed: null while the seed is still secret. */
export function verifyDraw(d: {
  server_seed: string;
  seed_hash: string;
  client_seed: string;
  revealed_at: Date | null;
  nonce: number;
  weights: number[];
  roll: number | string;
  prize_index: number;
}): boolean | null {
  if (!d.revealed_at) return null;
  if (seedHashOf(d.server_seed) !== d.seed_hash) return false;
  const roll = fairRoll(d.server_seed, d.client_seed, Number(d.nonce), totalWeight(d.weights));
  return roll === Number(d.roll) && prizeIndexOf(d.weights, roll) === d.prize_index;
}

/** Reveals the member's current seed and commits a new one (with the member's client seed, if given). */
export async function rotateSeed(ctx: AppContext, memberId: number, clientSeed?: string) {
  return ctx.db.transaction().execute(async (trx) => {
    await ensureSeed(trx, memberId);
    const old = await q.lockActiveSeed(trx, memberId);
    const used = Number(old.next_nonce) > 0;
    if (used) await q.revealSeed(trx, old.id, ctx.now());
    const { serverSeed, seedHash } = newServerSeed();
    const next = { server_seed: serverSeed, seed_hash: seedHash, client_seed: clientSeed ?? newClientSeed() };
    if (used) {
      await q.ensureSeed(trx, memberId, next);
    } else {
      // A seed that drew nothing is replaced without being revealed (nothing to verify with it).
      await q.replaceUnusedSeed(trx, old.id, next);
    }
    return {
      revealed: used ? { seedHash: old.seed_hash, serverSeed: old.server_seed, clientSeed: old.client_seed } : null,
      seedHash: next.seed_hash,
      clientSeed: next.client_seed,
    };
  });
}

// ---- back office

function storedPrizes(input: TicketKindInput): StoredPrize[] {
  return input.prizes.map((p) => ({
    label: p.label,
    type: p.type,
    amount: p.type === 'cash' || p.type === 'bonus' ? toMinor(p.amount) : 0,
    points: p.type === 'points' ? p.points : 0,
    ticketKindId: p.type === 'ticket' ? p.ticketKindId : null,
    weight: p.weight,
  }));
}

async function checkTicketPrizes(ctx: AppContext, prizes: StoredPrize[], selfId?: number) {
  const wanted = [...new Set(prizes.flatMap((p) => (p.ticketKindId === null ? [] : [p.ticketKindId])))];
  const found = new Set((await q.kindIdsExisting(ctx.db, wanted)).map((r) => Number(r.id)));
  for (const id of wanted) if (id !== selfId && !found.has(id)) throw new AppError('TICKET_KIND_NOT_FOUND');
}

/** Whether a ticket kind exists (referral stages grant one by id). */
export async function ticketKindExists(db: Conn, id: number): Promise<boolean> {
  return (await q.kindById(db, id)) !== undefined;
}

/** The ids among these that name no ticket kind. */
export async function missingTicketKinds(db: Conn, ids: number[]): Promise<number[]> {
  const found = new Set((await q.kindIdsExisting(db, ids)).map((r) => Number(r.id)));
  return ids.filter((id) => !found.has(id));
}

export function allKinds(ctx: AppContext) {
  return q.allKinds(ctx.db);
}

export async function createKind(ctx: AppContext, input: TicketKindInput) {
  const prizes = storedPrizes(input);
  await checkTicketPrizes(ctx, prizes);
  return q.insertKind(ctx.db, {
    kind: input.kind,
    name: input.name,
    enabled: input.enabled,
    deposit_min: input.depositMin === null ? null : toMinor(input.depositMin),
    prizes,
  });
}

export async function changeKind(ctx: AppContext, id: number, input: TicketKindInput) {
  const before = await q.kindById(ctx.db, id);
  if (!before) throw new AppError('TICKET_KIND_NOT_FOUND');
  const prizes = storedPrizes(input);
  await checkTicketPrizes(ctx, prizes, id);
  const after = await q.updateKind(
    ctx.db,
    id,
    {
      kind: input.kind,
      name: input.name,
      enabled: input.enabled,
      deposit_min: input.depositMin === null ? null : toMinor(input.depositMin),
      prizes,
    },
    ctx.now(),
  );
  if (!after) throw new AppError('TICKET_KIND_NOT_FOUND');
  return { before, after };
}

export async function ticketReport(ctx: AppContext, range: { from: string; to: string }) {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + 86_400_000);
  if (!(from < to) || to.getTime() - from.getTime() > 366 * 86_400_000)
    throw new AppError('TICKET_REPORT_RANGE_INVALID');
  const brand = await getBrand(ctx.db);
  const days = await brandDayBounds(ctx.db, range.from, range.to, brand.timeZone);
  const kinds = new Map((await q.allKinds(ctx.db)).map((k) => [Number(k.id), k.name]));
  const r = await q.report(ctx.db, days.start, days.end, brand.timeZone);
  const rows = new Map<
    string,
    { day: string; kindId: number; issued: number; opened: number; cash: number; bonus: number; points: number }
  >();
  const rowOf = (day: string, kindId: number) => {
    const key = `${day}:${kindId}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, kindId, issued: 0, opened: 0, cash: 0, bonus: 0, points: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const i of r.issued) rowOf(i.day, Number(i.kind_id)).issued = Number(i.n);
  for (const o of r.opened) {
    const row = rowOf(o.day, Number(o.kind_id));
    row.opened = Number(o.n);
    row.cash = Number(o.cash);
    row.bonus = Number(o.bonus);
    row.points = Number(o.points);
  }
  return {
    currency: brand.currency,
    timeZone: brand.timeZone,
    rows: [...rows.values()]
      .sort((a, b) => (a.day === b.day ? a.kindId - b.kindId : a.day < b.day ? -1 : 1))
      .map((row) => ({ ...row, name: kinds.get(row.kindId) ?? '' })),
  };
}
