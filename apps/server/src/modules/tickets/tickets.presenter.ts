import type { DrawView, TicketKindView, TicketView } from '@gamehall/shared/api/tickets';
import { toMajor } from '@gamehall/shared/money';
import { type allKinds, verifyDraw } from './tickets.service';
import type { StoredPrize } from './tickets.tables';

function parsed<T>(v: T | string): T {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

export function presentPrize(p: StoredPrize) {
  return { label: p.label, type: p.type, amount: toMajor(p.amount), points: p.points };
}

export function presentTicket(t: {
  id: number;
  kind: TicketView['kind'];
  name: string;
  state: 'unopened' | 'opened';
  source: string;
  created_at: Date | string;
  opened_at: Date | string | null;
  draw_id: number | null;
  prize: StoredPrize | string | null;
}): TicketView {
  return {
    id: Number(t.id),
    kind: t.kind,
    name: t.name,
    state: t.state,
    // What granted it, without internal ids: deposit, referral, ticket, points.
    source: t.source.split(':')[0] ?? t.source,
    createdAt: new Date(t.created_at).toISOString(),
    openedAt: t.opened_at === null ? null : new Date(t.opened_at).toISOString(),
    prize: t.prize === null ? null : presentPrize(parsed(t.prize)),
    drawId: t.draw_id === null ? null : Number(t.draw_id),
  };
}

export function presentDraw(d: {
  id: number;
  ticket_id: number;
  seed_hash: string;
  server_seed: string;
  client_seed: string;
  revealed_at: Date | string | null;
  nonce: number;
  roll: number | string;
  weights: number[] | string;
  prize_index: number;
  prize: StoredPrize | string;
  created_at: Date | string;
}): DrawView {
  const weights = parsed(d.weights);
  const revealed = d.revealed_at === null ? null : new Date(d.revealed_at);
  return {
    id: Number(d.id),
    ticketId: Number(d.ticket_id),
    seedHash: d.seed_hash,
    serverSeed: revealed ? d.server_seed : null,
    clientSeed: d.client_seed,
    nonce: Number(d.nonce),
    roll: Number(d.roll),
    weights,
    prizeIndex: d.prize_index,
    prize: presentPrize(parsed(d.prize)),
    verified: verifyDraw({ ...d, revealed_at: revealed, weights }),
    createdAt: new Date(d.created_at).toISOString(),
  };
}

type KindRow = Awaited<ReturnType<typeof allKinds>>[number];

/** A ticket kind for the back office: money in major units, the prize table as stored. */
export function presentKind(k: KindRow): TicketKindView {
  const prizes = typeof k.prizes === 'string' ? (JSON.parse(k.prizes) as typeof k.prizes) : k.prizes;
  return {
    id: Number(k.id),
    kind: k.kind,
    name: k.name,
    enabled: k.enabled,
    depositMin: k.deposit_min === null ? null : toMajor(k.deposit_min),
    prizes: prizes.map((p) => ({
      label: p.label,
      type: p.type,
      amount: toMajor(p.amount),
      points: p.points,
      ticketKindId: p.ticketKindId,
      weight: p.weight,
    })),
  };
}
