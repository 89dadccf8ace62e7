import { toMajor } from '@gamehall/shared/money';
import type { memberFacts } from './admin-chat.service';

export function presentFacts(f: Awaited<ReturnType<typeof memberFacts>>) {
  return {
    memberId: f.memberId,
    username: f.username,
    vipLevel: f.vipLevel,
    balance: toMajor(f.balance),
    currency: f.currency,
    lastDeposits:
      f.lastDeposits?.map((d) => ({
        reference: d.reference,
        amount: toMajor(d.amount),
        status: d.status,
        createdAt: new Date(d.createdAt).toISOString(),
      })) ?? null,
  };
}

export function presentColleague(r: { operator_id: number; username: string; online: boolean; active_count: unknown }) {
  return { id: r.operator_id, username: r.username, online: r.online, activeCount: Number(r.active_count) };
}

export function presentCanned(r: { id: number; title: string; body: string }) {
  return { id: r.id, title: r.title, text: r.body };
}
