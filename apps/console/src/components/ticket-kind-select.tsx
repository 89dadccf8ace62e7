import type { TicketKindView } from '@gamehall/shared/api/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { ProgrammeSelect } from './programme-parts';

/** The ticket kinds (modules/tickets, promotions.read), shared by the programmes' forms. */
export const ticketKindOptions = queryOptions({
  queryKey: ['tickets', 'kinds'],
  queryFn: () => api<{ list: TicketKindView[] }>('/admin/tickets/kinds').then((r) => r.list),
});

/**
 * The ticket kind a mission, promotion or points-mall reward issues: enabled kinds only (the server
 * refuses a missing or disabled one), plus the current value when it was disabled since.
 */
export function TicketKindSelect({
  id,
  label,
  value,
  noneLabel = '-',
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** The option for no ticket. */
  noneLabel?: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  const kinds = useQuery(ticketKindOptions);
  const shown = (kinds.data ?? []).filter((k) => k.enabled || String(k.id) === value);
  return (
    <ProgrammeSelect id={id} label={label} value={value} onChange={onChange}>
      <option value="">{noneLabel}</option>
      {shown.map((k) => (
        <option key={k.id} value={String(k.id)}>
          {k.name}
        </option>
      ))}
    </ProgrammeSelect>
  );
}
