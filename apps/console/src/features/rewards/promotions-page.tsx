import { PROMOTION_KINDS, PROMOTION_TYPES } from '@gamehall/shared/api/rewards';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import {
  PHASE_TONES,
  ProgrammeError,
  ProgrammeInput,
  ProgrammeSelect,
  ProgrammeStateButtons,
  useProgrammeState,
} from '../../components/programme-parts';
import { StatusBadge } from '../../components/status-badge';
import { TicketKindSelect } from '../../components/ticket-kind-select';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { createPromotion, promotionsQuery, rewardsKey, setState } from './api';

/** Optional number field: empty -> undefined. */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Prizes per rank, first place first, as the operator types them: "1000, 500, 250". */
const prizeList = (v: string) =>
  v
    .split(/[,\s]+/)
    .filter((x) => x !== '')
    .map(Number);

/**
 * Programmes (issue 13 back office): a new one starts as a draft; activating it with a future start
 * schedules it; running ones pause and resume; ending is final. Rules are checked by the server's
 * shared schema (its field errors are shown as they come).
 */
export function PromotionsPage() {
  const { t } = useTranslation('rewards');
  const id = useId();
  const writable = useCan()('promotions.write');
  const queryClient = useQueryClient();
  const query = useQuery(promotionsQuery);
  const { error, setError, act } = useProgrammeState(setState, rewardsKey);
  const [form, setForm] = useState({
    type: 'DEPOSIT',
    kind: 'deposit_match',
    title: '',
    summary: '',
    rules: '',
    startsAt: '',
    endsAt: '',
    trigger: 'deposit',
    percent: '100',
    cap: '',
    minDeposit: '',
    nthDeposit: '1',
    amount: '',
    payAs: 'bonus',
    ticketKindId: '',
    multiple: '10',
    base: 'bonus',
    days: '30',
    claimDays: '7',
    requiresJoin: false,
    onePerPerson: false,
    prizes: '',
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await createPromotion({
        type: form.type as never,
        kind: form.kind as never,
        startsAt: new Date(form.startsAt || Date.now()).toISOString(),
        endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null,
        texts: { en: { title: form.title, summary: form.summary, rules: form.rules } },
        rules: {
          trigger: form.trigger as never,
          percent: form.kind === 'deposit_match' ? num(form.percent) : undefined,
          cap: num(form.cap),
          minDeposit: num(form.minDeposit),
          nthDeposit: num(form.nthDeposit),
          amount: form.kind === 'deposit_match' || form.kind === 'ranking' ? undefined : num(form.amount),
          payAs: form.payAs as never,
          // Tickets: `amount` is the number of tickets of this kind (fixed and application only).
          ticketKindId: form.payAs === 'ticket' && form.ticketKindId !== '' ? Number(form.ticketKindId) : undefined,
          wagering:
            form.payAs === 'bonus'
              ? {
                  multiple: Number(form.multiple),
                  base: form.base as never,
                  contributions: {},
                  otherPercent: 100,
                  days: Number(form.days),
                }
              : undefined,
          claimDays: Number(form.claimDays),
          requiresJoin: form.requiresJoin,
          onePerPerson: form.onePerPerson,
          ranking: form.kind === 'ranking' ? { prizes: prizeList(form.prizes), gameTypes: [] } : undefined,
        },
      });
      await queryClient.invalidateQueries({ queryKey: rewardsKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const rows = query.data ?? [];
  return (
    <div>
      <PageHeader title={t('promotions.title')} description={t('promotions.description')} />
      <ProgrammeError error={error} queryError={query.error} />
      <PlainTable
        caption={t('promotions.title')}
        collapse
        columns={[
          { label: t('fields.id'), numeric: true },
          { label: t('fields.title') },
          { label: t('fields.type') },
          { label: t('fields.kind') },
          { label: t('fields.phase') },
          { label: t('fields.startsAt') },
          { label: t('fields.endsAt') },
          writable && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {rows.map((p) => (
          <tr key={p.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 text-right tabular-nums">{p.id}</td>
            <td className="px-3 py-2">{p.texts.en?.title}</td>
            <td className="px-3 py-2">{p.type}</td>
            <td className="px-3 py-2">{t(`kinds.${p.kind}`)}</td>
            <td className="px-3 py-2">
              <StatusBadge label={t(`phases.${p.phase}`)} tone={PHASE_TONES[p.phase]} />
            </td>
            <td className="px-3 py-2 text-xs">{formatDateTime(p.startsAt)}</td>
            <td className="px-3 py-2 text-xs">{p.endsAt ? formatDateTime(p.endsAt) : '-'}</td>
            {writable && (
              <td className="px-3 py-2">
                <ProgrammeStateButtons
                  state={p.state}
                  onAct={(state) => act(p.id, state)}
                  labels={{
                    activate: t('promotions.activate'),
                    pause: t('promotions.pause'),
                    end: t('promotions.end'),
                  }}
                />
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      {writable && (
        <form onSubmit={submit} className="mt-6 grid max-w-3xl gap-3 sm:grid-cols-3" aria-label={t('promotions.new')}>
          <h2 className="font-semibold sm:col-span-3">{t('promotions.new')}</h2>
          <ProgrammeSelect id={`${id}-type`} label={t('fields.type')} value={form.type} onChange={set('type')}>
            {PROMOTION_TYPES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </ProgrammeSelect>
          <ProgrammeSelect id={`${id}-kind`} label={t('fields.kind')} value={form.kind} onChange={set('kind')}>
            {PROMOTION_KINDS.map((x) => (
              <option key={x} value={x}>
                {t(`kinds.${x}`)}
              </option>
            ))}
          </ProgrammeSelect>
          <ProgrammeSelect
            id={`${id}-trigger`}
            label={t('fields.trigger')}
            value={form.trigger}
            onChange={set('trigger')}
          >
            {['deposit', 'registration', 'login', 'none'].map((x) => (
              <option key={x} value={x}>
                {t(`triggers.${x}`)}
              </option>
            ))}
          </ProgrammeSelect>
          {(
            [
              ['title', 'text'],
              ['summary', 'text'],
              ['rules', 'text'],
              ['startsAt', 'datetime-local'],
              ['endsAt', 'datetime-local'],
              ['percent', 'number'],
              ['cap', 'number'],
              ['minDeposit', 'number'],
              ['nthDeposit', 'number'],
              ['amount', 'number'],
              ['multiple', 'number'],
              ['days', 'number'],
              ['claimDays', 'number'],
              ['prizes', 'text'],
            ] as const
          ).map(([key, type]) => (
            <ProgrammeInput
              key={key}
              id={`${id}-${key}`}
              label={t(`fields.${key}`)}
              type={type}
              value={form[key]}
              onChange={set(key)}
            />
          ))}
          <ProgrammeSelect id={`${id}-payAs`} label={t('fields.payAs')} value={form.payAs} onChange={set('payAs')}>
            <option value="bonus">{t('payAs.bonus')}</option>
            <option value="cash">{t('payAs.cash')}</option>
            <option value="ticket">{t('payAs.ticket')}</option>
          </ProgrammeSelect>
          {form.payAs === 'ticket' && (
            <TicketKindSelect
              id={`${id}-ticketKindId`}
              label={t('fields.ticketKindId')}
              value={form.ticketKindId}
              onChange={set('ticketKindId')}
            />
          )}
          <ProgrammeSelect id={`${id}-base`} label={t('fields.base')} value={form.base} onChange={set('base')}>
            <option value="bonus">{t('base.bonus')}</option>
            <option value="bonus_deposit">{t('base.bonus_deposit')}</option>
          </ProgrammeSelect>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.requiresJoin}
              onChange={(e) => setForm({ ...form, requiresJoin: e.target.checked })}
            />
            {t('fields.requiresJoin')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.onePerPerson}
              onChange={(e) => setForm({ ...form, onePerPerson: e.target.checked })}
            />
            {t('fields.onePerPerson')}
          </label>
          <div className="sm:col-span-3">
            <Button type="submit">{t('promotions.create')}</Button>
          </div>
        </form>
      )}
    </div>
  );
}
