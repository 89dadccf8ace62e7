import {
  PRIZE_TYPES,
  type PrizeType,
  TICKET_KINDS,
  TicketKindInput,
  type TicketKindView,
} from '@gamehall/shared/api/tickets';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useCan } from '../../lib/session';
import { kindsQuery, saveKind, ticketsKey } from './api';

type Line = { label: string; type: PrizeType; amount: string; points: string; ticketKindId: string; weight: string };
const EMPTY_LINE: Line = { label: '', type: 'cash', amount: '', points: '', ticketKindId: '', weight: '1' };
const input = 'w-full rounded border border-(--border) bg-(--surface) px-2 py-1';

/** Ticket kinds and their prize tables: each line's chance is its weight over the sum of weights. */
export function KindsPage() {
  const { t } = useTranslation('tickets');
  const writable = useCan()('promotions.write');
  const kinds = useQuery(kindsQuery);
  const [editing, setEditing] = useState<TicketKindView | 'new' | null>(null);
  return (
    <div>
      <PageHeader title={t('kinds.title')} description={t('kinds.description')} />
      <QueryErrorAlert error={kinds.error} />
      {writable && editing === null && (
        <Button className="mb-3" onClick={() => setEditing('new')}>
          {t('kinds.create')}
        </Button>
      )}
      {editing !== null && <KindForm kind={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {kinds.data?.map((k) => {
        const total = k.prizes.reduce((s, p) => s + p.weight, 0);
        return (
          <section key={k.id} className="mb-6" data-testid="ticket-kind">
            <h2 className="mb-1 font-semibold">
              #{k.id} {k.name} · {t(`kind.${k.kind}`)} · {k.enabled ? t('kinds.enabled') : t('kinds.disabled')}
              {k.depositMin !== null && ` · ${t('kinds.depositMinShort', { amount: k.depositMin })}`}
            </h2>
            {writable && (
              <Button variant="secondary" className="mb-2" onClick={() => setEditing(k)}>
                {t('kinds.edit')}
              </Button>
            )}
            <PlainTable
              caption={k.name}
              columns={[
                { label: t('prize.label') },
                { label: t('prize.type') },
                { label: t('prize.value') },
                { label: t('prize.weight'), numeric: true },
                { label: t('prize.chance'), numeric: true },
              ]}
            >
              {k.prizes.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a prize line is known by its place in the table
                <tr key={`${k.id}-${i}`} className="border-b border-(--border) last:border-b-0">
                  <td className="px-3 py-2">{p.label}</td>
                  <td className="px-3 py-2">{t(`type.${p.type}`)}</td>
                  <td className="px-3 py-2">
                    {p.type === 'points' ? p.points : p.type === 'ticket' ? `#${p.ticketKindId}` : p.amount || ''}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.weight}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{((100 * p.weight) / total).toFixed(2)}%</td>
                </tr>
              ))}
            </PlainTable>
          </section>
        );
      })}
    </div>
  );
}

function KindForm({ kind, onDone }: { kind: TicketKindView | null; onDone: () => void }) {
  const { t } = useTranslation('tickets');
  const id = useId();
  const client = useQueryClient();
  const [name, setName] = useState(kind?.name ?? '');
  const [type, setType] = useState<(typeof TICKET_KINDS)[number]>(kind?.kind ?? 'prize_wheel');
  const [enabled, setEnabled] = useState(kind?.enabled ?? true);
  const [depositMin, setDepositMin] = useState(kind?.depositMin === null || !kind ? '' : String(kind.depositMin));
  const [lines, setLines] = useState<Line[]>(
    kind?.prizes.map((p) => ({
      label: p.label,
      type: p.type,
      amount: String(p.amount || ''),
      points: String(p.points || ''),
      ticketKindId: p.ticketKindId === null ? '' : String(p.ticketKindId),
      weight: String(p.weight),
    })) ?? [{ ...EMPTY_LINE }],
  );
  const [error, setError] = useState('');
  const set = (i: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const checked = validate(TicketKindInput, {
      kind: type,
      name,
      enabled,
      depositMin: depositMin.trim() === '' ? null : Number(depositMin),
      prizes: lines.map((l) => ({
        label: l.label,
        type: l.type,
        amount: l.type === 'cash' || l.type === 'bonus' ? Number(l.amount || 0) : 0,
        points: l.type === 'points' ? Number(l.points || 0) : 0,
        ticketKindId: l.type === 'ticket' && l.ticketKindId ? Number(l.ticketKindId) : null,
        weight: Number(l.weight),
      })),
    });
    if (!checked.data) return setError(t('kinds.invalid'));
    try {
      await saveKind(kind?.id ?? null, checked.data);
      await client.invalidateQueries({ queryKey: ticketsKey });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mb-6 space-y-3 rounded border border-(--border) p-3">
      <div className="flex flex-wrap gap-3 text-sm">
        <label className="flex flex-col" htmlFor={`${id}-name`}>
          {t('kinds.name')}
          <input id={`${id}-name`} className={input} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="flex flex-col" htmlFor={`${id}-kind`}>
          {t('kinds.kind')}
          <select
            id={`${id}-kind`}
            className={input}
            value={type}
            onChange={(e) => setType(e.target.value as (typeof TICKET_KINDS)[number])}
          >
            {TICKET_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col" htmlFor={`${id}-min`}>
          {t('kinds.depositMin')}
          <input
            id={`${id}-min`}
            type="number"
            min={0}
            step="any"
            className={input}
            value={depositMin}
            onChange={(e) => setDepositMin(e.target.value)}
          />
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('kinds.enabled')}
        </label>
      </div>
      <table className="w-full text-sm">
        <caption className="text-left font-semibold">{t('kinds.prizes')}</caption>
        <thead>
          <tr>
            <th className="text-left">{t('prize.label')}</th>
            <th className="text-left">{t('prize.type')}</th>
            <th className="text-left">{t('prize.value')}</th>
            <th className="text-left">{t('prize.weight')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
            <tr key={i}>
              <td className="pr-2">
                <input
                  aria-label={t('prize.label')}
                  className={input}
                  value={l.label}
                  onChange={(e) => set(i, { label: e.target.value })}
                />
              </td>
              <td className="pr-2">
                <select
                  aria-label={t('prize.type')}
                  className={input}
                  value={l.type}
                  onChange={(e) => set(i, { type: e.target.value as PrizeType })}
                >
                  {PRIZE_TYPES.map((p) => (
                    <option key={p} value={p}>
                      {t(`type.${p}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td className="pr-2">
                {l.type !== 'none' && (
                  <input
                    aria-label={t('prize.value')}
                    type="number"
                    min={0}
                    step="any"
                    className={input}
                    value={l.type === 'points' ? l.points : l.type === 'ticket' ? l.ticketKindId : l.amount}
                    onChange={(e) =>
                      set(
                        i,
                        l.type === 'points'
                          ? { points: e.target.value }
                          : l.type === 'ticket'
                            ? { ticketKindId: e.target.value }
                            : { amount: e.target.value },
                      )
                    }
                  />
                )}
              </td>
              <td className="pr-2">
                <input
                  aria-label={t('prize.weight')}
                  type="number"
                  min={1}
                  step={1}
                  className={input}
                  value={l.weight}
                  onChange={(e) => set(i, { weight: e.target.value })}
                />
              </td>
              <td>
                <Button
                  type="button"
                  variant="ghost"
                  disabled={lines.length === 1}
                  onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                >
                  {t('kinds.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="button" variant="secondary" onClick={() => setLines((ls) => [...ls, { ...EMPTY_LINE }])}>
        {t('kinds.addPrize')}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-(--danger)">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit">{t('kinds.save')}</Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('kinds.cancel')}
        </Button>
      </div>
    </form>
  );
}
