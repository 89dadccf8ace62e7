import type { TicketKindInput, TicketKindView, TicketReportValue } from '@gamehall/shared/api/tickets';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

// Tickets' calls (modules/tickets, tickets.admin.routes.ts): promotions.read to look, promotions.write to change.

export const ticketsKey = ['tickets'] as const;

export const kindsQuery = queryOptions({
  queryKey: [...ticketsKey, 'kinds'],
  queryFn: () => api<{ list: TicketKindView[] }>('/admin/tickets/kinds').then((r) => r.list),
});

export function saveKind(id: number | null, body: z.output<typeof TicketKindInput>) {
  return id === null
    ? api<TicketKindView>('/admin/tickets/kinds', { method: 'POST', body })
    : api<TicketKindView>(`/admin/tickets/kinds/${id}`, { method: 'PUT', body });
}

export const reportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...ticketsKey, 'report', from, to],
    queryFn: () => api<TicketReportValue>('/admin/tickets/report', { query: { from, to } }),
  });
