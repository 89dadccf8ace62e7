import type { ResponsibleValue, SetLimitsBody, StatementValue } from '@gamehall/shared/api/responsible';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { readToken } from '../../lib/storage';

// The "Responsible play" page and the reality check over game pages (server module responsible).

export function responsibleQuery(token: string | null) {
  return queryOptions({
    queryKey: ['responsible', 'settings', token],
    queryFn: () => apiRequest<ResponsibleValue>('/wps/responsible'),
    enabled: Boolean(token),
  });
}

export function statementQuery(token: string | null) {
  return queryOptions({
    queryKey: ['responsible', 'statement', token],
    queryFn: () => apiRequest<StatementValue>('/wps/responsible/statement', { query: { months: 12 } }),
    enabled: Boolean(token),
  });
}

export function setLimits(body: SetLimitsBody) {
  return apiRequest<ResponsibleValue>('/wps/responsible/limits', { method: 'PUT', body });
}

export function setRealityCheck(minutes: 15 | 30 | 60 | null) {
  return apiRequest<ResponsibleValue>('/wps/responsible/realityCheck', { method: 'PUT', body: { minutes } });
}

export function takeBreak(period: string) {
  return apiRequest<ResponsibleValue>('/wps/responsible/break', { method: 'POST', body: { period, confirm: true } });
}

/** The statement as a CSV file: fetched with the session (never a public URL), saved by the browser. */
export async function downloadStatementCsv(): Promise<void> {
  const token = readToken();
  const res = await fetch('/wps/responsible/statement.csv?months=24', {
    headers: token ? { Authorization: token } : {},
  });
  if (!res.ok) throw new Error(`statement ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'activity-statement.csv';
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
