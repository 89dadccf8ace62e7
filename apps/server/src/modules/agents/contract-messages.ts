import type { ContractKind } from '@gamehall/shared/api/contracts';
import type { Conn } from '../../db/database';
import { getBrand } from '../brand/brand.service';
import { sendSystemMessages } from '../messages/messages.service';
import * as q from './contracts.queries';

// The inbox side of contracts (docs/agents.md "Messages"): offers, answers, termination
// requests, every ending (by agreement, by the operator, by the lower-rate rule and its cascade)
// and every payout reach the agents concerned as system messages, in the caller's transaction.
// Params carry codes (contractKind, why, party '@operator'); the texts' terms turn them into
// words in the reader's language at read time (messages/message-texts.ts), so no code is shown.

/** Why a contract ended, as the messages say it. */
export type EndWhy =
  | 'agreement'
  | 'operator'
  | 'upline_rate_lowered'
  | 'upline_contract_ended'
  | 'upline_period_changed';

/** The party shown for a contract the operator offered (a term, not a username). */
const OPERATOR_PARTY = '@operator';

/** A rate in parts per million as a percentage (1% = 10,000 ppm). */
function percent(ppm: number): string {
  return `${Number((ppm / 10_000).toFixed(4))}%`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-MM-dd and HH:mm of an instant in the brand's time zone (no locale's pattern relied on). */
function brandParts(at: Date, timeZone: string): { day: string; time: string } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** An instant as the brand's clock shows it, with the zone named: "2026-11-24 18:05 (Asia/Manila)". */
export function brandMoment(at: Date, timeZone: string): string {
  const p = brandParts(at, timeZone);
  return `${p.day} ${p.time} (${timeZone})`;
}

/**
 * A settlement window in the brand's time zone: whole days as days ("2026-11-24",
 * "2026-11-16 – 2026-11-22"), shorter windows with their clock times.
 */
export function brandPeriod(start: Date, end: Date, timeZone: string): string {
  const a = brandParts(start, timeZone);
  const b = brandParts(end, timeZone);
  if (a.time === '00:00' && b.time === '00:00') {
    const last = brandParts(new Date(end.getTime() - 1), timeZone).day;
    return last === a.day ? `${a.day} (${timeZone})` : `${a.day} – ${last} (${timeZone})`;
  }
  const until = b.day === a.day ? b.time : `${b.day} ${b.time}`;
  return `${a.day} ${a.time}–${until} (${timeZone})`;
}

async function timeZoneOf(db: Conn): Promise<string> {
  return (await getBrand(db)).timeZone;
}

/** The holder hears of an offer (from its upline or from the operator). */
export async function contractOfferMessage(
  trx: Conn,
  c: { holderId: number; uplineId: number | null; kind: ContractKind; ratePpm: number; now: Date },
): Promise<void> {
  const upline = c.uplineId === null ? undefined : await q.memberForContract(trx, c.uplineId);
  await sendSystemMessages(trx, [
    {
      memberId: c.holderId,
      kind: 'contract_offer_received',
      params: { contractKind: c.kind, rate: percent(c.ratePpm), party: upline?.username ?? OPERATOR_PARTY },
      now: c.now,
    },
  ]);
}

/**
 * The holder's answer to an offer, and a termination request, told to the other side. An
 * operator's contract has no upline to tell (the back office shows it).
 */
export async function contractAnswerMessage(
  trx: Conn,
  contractId: number,
  event: 'accepted' | 'rejected' | 'termination_requested',
  by: 'holder' | 'upline',
  now: Date,
): Promise<void> {
  const c = await q.findContract(trx, contractId);
  if (!c) return;
  const to = by === 'holder' ? c.upline_id : c.holder_id;
  if (to === null) return;
  const party = by === 'holder' ? c.holder_username : (c.upline_username ?? OPERATOR_PARTY);
  const params: Record<string, string | number> = { contractKind: c.kind, rate: percent(c.rate_ppm), party };
  if (event === 'accepted') params.since = brandMoment(now, await timeZoneOf(trx));
  await sendSystemMessages(trx, [{ memberId: Number(to), kind: `contract_${event}` as const, params, now }]);
}

/**
 * Every agent a contract's ending affects, its holder and its upline, is told which contract,
 * why and from when, in one insert for the lot (a cascade ends many at once). `reason` is the free
 * text an operator or a side gave, if any.
 */
export async function contractsEndedMessages(
  trx: Conn,
  ids: number[],
  why: EndWhy,
  now: Date,
  reason?: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  const timeZone = await timeZoneOf(trx);
  const list: Parameters<typeof sendSystemMessages>[1] = [];
  for (const id of ids) {
    const c = await q.findContract(trx, id);
    if (!c) continue;
    const base = {
      contractKind: c.kind,
      contractId: Number(c.id),
      rate: percent(c.rate_ppm),
      why,
      since: brandMoment(c.ended_at ?? now, timeZone),
      reason: reason?.trim() ?? '',
    };
    list.push({
      memberId: Number(c.holder_id),
      kind: 'contract_ended',
      params: { ...base, party: c.upline_username ?? OPERATOR_PARTY },
      now,
    });
    if (c.upline_id !== null)
      list.push({
        memberId: Number(c.upline_id),
        kind: 'contract_ended',
        params: { ...base, party: c.holder_username },
        now,
      });
  }
  await sendSystemMessages(trx, list);
}

/**
 * The payout of statements (settlement, an operator's release): one message per statement to its
 * holder, paid or held, in one insert. Amounts are minor units; a statement of nothing (no tier
 * met, a team that won) pays nothing and tells nothing.
 */
export async function statementPaidMessages(
  trx: Conn,
  list: {
    holderId: number;
    kind: ContractKind;
    amount: number;
    periodStart: Date;
    periodEnd: Date;
    status: 'paid' | 'held';
  }[],
): Promise<void> {
  const paying = list.filter((s) => s.amount > 0);
  if (paying.length === 0) return;
  const timeZone = await timeZoneOf(trx);
  await sendSystemMessages(
    trx,
    paying.map((s) => ({
      memberId: s.holderId,
      kind: s.status === 'paid' ? 'statement_paid' : 'statement_held',
      params: {
        contractKind: s.kind,
        amount: s.amount,
        period: brandPeriod(s.periodStart, s.periodEnd, timeZone),
      },
    })),
  );
}
