import type { OpenValue, RotateSeedValue, TicketList } from '@gamehall/shared/api/tickets';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

// Tickets (server module tickets). Keys start with 'tickets'; opening one also refreshes the wallet.

export function ticketsQuery(token: string | null, page: number) {
  return queryOptions({
    queryKey: ['tickets', 'list', token, page],
    queryFn: () => apiRequest<TicketList>('/wps/tickets', { query: { pageNo: page, pageSize: 20 } }),
    enabled: Boolean(token),
  });
}

export function openTicket(id: number) {
  return apiRequest<OpenValue>(`/wps/tickets/${id}/open`, { method: 'POST' });
}

export function rotateSeed() {
  return apiRequest<RotateSeedValue>('/wps/tickets/seed/rotate', { method: 'POST', body: {} });
}
