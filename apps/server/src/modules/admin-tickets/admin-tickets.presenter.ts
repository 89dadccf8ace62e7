import type { TicketKindView } from '@gamehall/shared/api/tickets';
import { toMajor } from '@gamehall/shared/money';
import type { allKinds } from '../tickets/tickets.service';

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
