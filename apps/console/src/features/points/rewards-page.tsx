import { type AdminReward, REWARD_KINDS, RewardBody, type RewardKind } from '@gamehall/shared/api/points';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { ticketKindOptions } from '../../components/ticket-kind-select';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { useFormAction } from '../../lib/use-form-action';
import { pointsKey, rewardsQuery, saveReward } from './api';

export const SELECT = 'rounded-md border border-(--border) bg-(--surface) px-2 py-1.5 text-sm';

/** The points catalogue: cash, bonus, tickets and physical items with their cost, stock and status. */
export function RewardsPage() {
  const { t } = useTranslation('points');
  const writable = useCan()('points.write');
  const rewards = useQuery(rewardsQuery);
  const [editing, setEditing] = useState<AdminReward | 'new' | null>(null);
  return (
    <div>
      <PageHeader
        title={t('rewards.title')}
        description={t('rewards.description')}
        actions={writable && <Button onClick={() => setEditing('new')}>{t('rewards.new')}</Button>}
      />
      {rewards.error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {errorMessage(rewards.error)}
        </p>
      )}
      <PlainTable
        caption={t('rewards.title')}
        collapse
        columns={[
          { label: t('fields.name') },
          { label: t('fields.kind') },
          { label: t('fields.cost'), numeric: true },
          { label: t('fields.amount'), numeric: true },
          { label: t('fields.stock'), numeric: true },
          { label: t('fields.redeemed'), numeric: true },
          { label: t('fields.status') },
          writable && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {(rewards.data ?? []).map((r) => (
          <tr key={r.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 font-semibold">{r.name}</td>
            <td className="px-3 py-2">
              {t(`kinds.${r.kind}`)}
              {r.ticketKind && (
                <span className="block text-xs text-(--text-muted)">{t(`tickets.${r.ticketKind}`)}</span>
              )}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{r.pointsCost.toLocaleString()}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.amount > 0 ? formatMoney(r.amount) : '-'}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.stock ?? t('rewards.unlimited')}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.redeemed}</td>
            <td className="px-3 py-2">
              <StatusBadge label={t(`rewardStatus.${r.status}`)} tone={r.status === 'active' ? 'success' : 'muted'} />
            </td>
            {writable && (
              <td className="px-3 py-2">
                <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEditing(r)}>
                  {t('common.edit', { ns: 'core' })}
                </Button>
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      {editing !== null && (
        <RewardDialog reward={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

function RewardDialog({ reward, onClose }: { reward: AdminReward | null; onClose: () => void }) {
  const { t } = useTranslation('points');
  const id = useId();
  const { errors, setErrors, error, busy, run } = useFormAction(pointsKey);
  const [kind, setKind] = useState<RewardKind>(reward?.kind ?? 'physical');
  const [name, setName] = useState(reward?.name ?? '');
  const [description, setDescription] = useState(reward?.description ?? '');
  const [pointsCost, setPointsCost] = useState(reward ? String(reward.pointsCost) : '');
  const [amount, setAmount] = useState(reward && reward.amount > 0 ? String(reward.amount) : '');
  const [ticketKindId, setTicketKindId] = useState(reward?.ticketKindId ? String(reward.ticketKindId) : '');
  const ticketKinds = useQuery(ticketKindOptions);
  const [stock, setStock] = useState(reward?.stock === null || !reward ? '' : String(reward.stock));
  const [maxPerRedeem, setMaxPerRedeem] = useState(String(reward?.maxPerRedeem ?? 10));
  const [active, setActive] = useState((reward?.status ?? 'active') === 'active');
  const [sort, setSort] = useState(String(reward?.sort ?? 0));
  const paid = kind === 'cash' || kind === 'bonus';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(RewardBody, {
      kind,
      name,
      names: reward?.names ?? {},
      description,
      imageUrl: reward?.imageUrl ?? null,
      pointsCost: Number(pointsCost),
      amount: paid ? Number(amount) : 0,
      ticketKindId: kind === 'ticket' && ticketKindId !== '' ? Number(ticketKindId) : null,
      stock: stock.trim() === '' ? null : Number(stock),
      maxPerRedeem: Number(maxPerRedeem),
      status: active ? 'active' : 'paused',
      sort: Number(sort),
    });
    if (!checked.data) return setErrors(checked.errors);
    const body = checked.data;
    if (await run(() => saveReward(reward?.id ?? null, body))) onClose();
  };

  return (
    <Modal open onClose={onClose} title={reward ? t('rewards.editTitle', { name: reward.name }) : t('rewards.new')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="mb-3 flex flex-col text-sm">
          <label htmlFor={`${id}-kind`}>{t('fields.kind')}</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => setKind(e.target.value as RewardKind)}
            className={SELECT}
          >
            {REWARD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={80}
          required
        />
        <Field
          label={t('fields.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          maxLength={1000}
        />
        <Field
          label={t('fields.cost')}
          type="number"
          min={1}
          value={pointsCost}
          onChange={(e) => setPointsCost(e.target.value)}
          error={errors.pointsCost}
          required
        />
        {paid && (
          <Field
            label={t('fields.amount')}
            type="number"
            min={0.01}
            step={0.01}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
            required
          />
        )}
        {kind === 'ticket' && (
          <div className="mb-3 flex flex-col text-sm">
            <label htmlFor={`${id}-ticket`}>{t('fields.ticketKind')}</label>
            <select
              id={`${id}-ticket`}
              value={ticketKindId}
              onChange={(e) => setTicketKindId(e.target.value)}
              className={SELECT}
            >
              <option value="">-</option>
              {(ticketKinds.data ?? [])
                .filter((k) => k.enabled || String(k.id) === ticketKindId)
                .map((k) => (
                  <option key={k.id} value={String(k.id)}>
                    {k.name} ({t(`tickets.${k.kind}`)})
                  </option>
                ))}
            </select>
            {errors.ticketKindId && <span className="text-xs text-(--danger)">{errors.ticketKindId}</span>}
          </div>
        )}
        <Field
          label={t('fields.stock')}
          hint={t('rewards.stockHint')}
          type="number"
          min={0}
          value={stock}
          onChange={(e) => setStock(e.target.value)}
          error={errors.stock}
        />
        <Field
          label={t('fields.maxPerRedeem')}
          type="number"
          min={1}
          max={1000}
          value={maxPerRedeem}
          onChange={(e) => setMaxPerRedeem(e.target.value)}
          error={errors.maxPerRedeem}
          required
        />
        <Field
          label={t('fields.sort')}
          type="number"
          min={0}
          value={sort}
          onChange={(e) => setSort(e.target.value)}
          error={errors.sort}
        />
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('rewards.activeLabel')}
        </label>
        <FormFooter error={error} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
