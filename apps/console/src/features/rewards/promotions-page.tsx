import { PROMOTION_KINDS, PROMOTION_TYPES } from '@gamehall/shared/api/rewards';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { createPromotion, type Promotion, promotionsQuery, rewardsKey, setState } from './api';

const TONES: Record<Promotion['phase'], Tone> = {
  draft: 'muted',
  scheduled: 'warning',
  running: 'success',
  paused: 'warning',
  over: 'muted',
  ended: 'danger',
};

const input = 'rounded-md border border-(--border) bg-(--surface) px-2 py-1';

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
  const [error, setError] = useState<string | null>(null);
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

  const act = async (p: Promotion, state: 'active' | 'paused' | 'ended') => {
    setError(null);
    try {
      await setState(p.id, state);
    } catch (err) {
      setError(errorMessage(err));
    }
    await queryClient.invalidateQueries({ queryKey: rewardsKey });
  };

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
      {(error || query.error) && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error ?? errorMessage(query.error)}
        </p>
      )}
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
              <StatusBadge label={t(`phases.${p.phase}`)} tone={TONES[p.phase]} />
            </td>
            <td className="px-3 py-2 text-xs">{formatDateTime(p.startsAt)}</td>
            <td className="px-3 py-2 text-xs">{p.endsAt ? formatDateTime(p.endsAt) : '-'}</td>
            {writable && (
              <td className="px-3 py-2">
                <div className="flex gap-1">
                  {(p.state === 'draft' || p.state === 'paused') && (
                    <Button className="px-2 py-1 text-xs" onClick={() => act(p, 'active')}>
                      {t('promotions.activate')}
                    </Button>
                  )}
                  {p.state === 'active' && (
                    <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => act(p, 'paused')}>
                      {t('promotions.pause')}
                    </Button>
                  )}
                  {p.state !== 'ended' && (
                    <Button variant="danger" className="px-2 py-1 text-xs" onClick={() => act(p, 'ended')}>
                      {t('promotions.end')}
                    </Button>
                  )}
                </div>
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      {writable && (
        <form onSubmit={submit} className="mt-6 grid max-w-3xl gap-3 sm:grid-cols-3" aria-label={t('promotions.new')}>
          <h2 className="font-semibold sm:col-span-3">{t('promotions.new')}</h2>
          <label className="grid gap-1 text-sm" htmlFor={`${id}-type`}>
            {t('fields.type')}
            <select id={`${id}-type`} className={input} value={form.type} onChange={set('type')}>
              {PROMOTION_TYPES.map((x) => (
                <option key={x}>{x}</option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm" htmlFor={`${id}-kind`}>
            {t('fields.kind')}
            <select id={`${id}-kind`} className={input} value={form.kind} onChange={set('kind')}>
              {PROMOTION_KINDS.map((x) => (
                <option key={x} value={x}>
                  {t(`kinds.${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm" htmlFor={`${id}-trigger`}>
            {t('fields.trigger')}
            <select id={`${id}-trigger`} className={input} value={form.trigger} onChange={set('trigger')}>
              {['deposit', 'registration', 'login', 'none'].map((x) => (
                <option key={x} value={x}>
                  {t(`triggers.${x}`)}
                </option>
              ))}
            </select>
          </label>
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
            <label key={key} className="grid gap-1 text-sm" htmlFor={`${id}-${key}`}>
              {t(`fields.${key}`)}
              <input id={`${id}-${key}`} type={type} className={input} value={form[key]} onChange={set(key)} />
            </label>
          ))}
          <label className="grid gap-1 text-sm" htmlFor={`${id}-payAs`}>
            {t('fields.payAs')}
            <select id={`${id}-payAs`} className={input} value={form.payAs} onChange={set('payAs')}>
              <option value="bonus">{t('payAs.bonus')}</option>
              <option value="cash">{t('payAs.cash')}</option>
            </select>
          </label>
          <label className="grid gap-1 text-sm" htmlFor={`${id}-base`}>
            {t('fields.base')}
            <select id={`${id}-base`} className={input} value={form.base} onChange={set('base')}>
              <option value="bonus">{t('base.bonus')}</option>
              <option value="bonus_deposit">{t('base.bonus_deposit')}</option>
            </select>
          </label>
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
