import { AdjustmentBody, type AdjustmentType, type MemberOverview, TagsBody } from '@gamehall/shared/api/admin-members';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormFooter } from '../../components/form-footer';
import { validate } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useFormAction } from '../../lib/use-form-action';
import {
  adjustmentRulesQuery,
  changeUpline,
  markAgent,
  membersKey,
  newRequestId,
  requestAdjustment,
  searchMembers,
  setTags,
} from './api';

type Member = z.output<typeof MemberOverview>;

// The member page's action dialogs (the simple confirmations use components/confirm-dialog). Each
// checks its input with the shared schema first, shows the server's refusal and stays open then,
// and refreshes everything under the members key after a change.

function DialogForm({
  onSubmit,
  onCancel,
  error,
  busy,
  submitLabel,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  error: string;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      {children}
      <FormFooter error={error} busy={busy} onCancel={onCancel} submitLabel={submitLabel} />
    </form>
  );
}

/** An agent's id, or their username looked up among agents (exact, case-insensitive). */
async function resolveAgent(input: string): Promise<number | null> {
  if (/^\d+$/.test(input)) return Number(input);
  const page = await searchMembers({ pageNo: 1, pageSize: 50, q: input, field: 'username', agentsOnly: 'true' });
  return page.list.find((m) => m.username.toLowerCase() === input.toLowerCase())?.id ?? null;
}

export function UplineDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('members');
  const s = useFormAction(membersKey);
  const [agent, setAgent] = useState('');
  const [none, setNone] = useState(false);
  const close = () => {
    setAgent('');
    setNone(false);
    s.reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = agent.trim();
    if (!none && !text) {
      s.setErrors({ agent: t('fields.REQUIRED', { ns: 'core' }) });
      return;
    }
    const done = await s.run(async () => {
      const uplineId = none ? null : await resolveAgent(text);
      if (!none && uplineId === null) throw new Error(t('uplineDialog.notFound'));
      await changeUpline(member.id, uplineId);
    });
    if (done) close();
  };
  return (
    <Modal open={open} onClose={close} title={t('uplineDialog.title', { username: member.username })}>
      <DialogForm onSubmit={submit} onCancel={close} error={s.error} busy={s.busy} submitLabel={t('actions.upline')}>
        <Field
          label={t('uplineDialog.agent')}
          name="agent"
          autoComplete="off"
          disabled={none}
          hint={t('uplineDialog.hint')}
          value={agent}
          error={s.errors.agent ?? s.errors.uplineId}
          onChange={(e) => setAgent(e.target.value)}
        />
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={none} onChange={(e) => setNone(e.target.checked)} />
          {t('uplineDialog.none')}
        </label>
      </DialogForm>
    </Modal>
  );
}

export function AgentDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('members');
  const s = useFormAction(membersKey);
  const [type, setType] = useState<string>(String(member.isAgent ? member.type : 1));
  const close = () => {
    s.reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await s.run(() => markAgent(member.id, { type: Number(type) as 1 | 2 | 41 | 42 }))) close();
  };
  return (
    <Modal open={open} onClose={close} title={t('agentDialog.title', { username: member.username })}>
      <DialogForm onSubmit={submit} onCancel={close} error={s.error} busy={s.busy} submitLabel={t('actions.agent')}>
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('agentDialog.type')}</legend>
          <div className="flex flex-wrap gap-4">
            {AGENT_ACCOUNT_TYPES.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="agentType"
                  value={value}
                  checked={type === String(value)}
                  onChange={() => setType(String(value))}
                />
                {t(`agentDialog.types.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </DialogForm>
    </Modal>
  );
}

export function TagsDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('members');
  const s = useFormAction(membersKey);
  const [text, setText] = useState<string | null>(null);
  const value = text ?? member.tags.join(', ');
  const close = () => {
    setText(null);
    s.reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const tags = value
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x.length > 0);
    const checked = validate(TagsBody, { tags });
    if (!checked.data) {
      s.setErrors({ tags: checked.errors.tags ?? '' });
      return;
    }
    const data = checked.data;
    if (await s.run(() => setTags(member.id, data.tags))) close();
  };
  return (
    <Modal open={open} onClose={close} title={t('tagsDialog.title', { username: member.username })}>
      <DialogForm
        onSubmit={submit}
        onCancel={close}
        error={s.error}
        busy={s.busy}
        submitLabel={t('common.save', { ns: 'core' })}
      >
        <Field
          label={t('tagsDialog.tags')}
          name="tags"
          autoComplete="off"
          hint={t('tagsDialog.hint')}
          value={value}
          error={s.errors.tags}
          onChange={(e) => setText(e.target.value)}
        />
      </DialogForm>
    </Modal>
  );
}

export function AdjustDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('members');
  const s = useFormAction(membersKey);
  const [type, setType] = useState<AdjustmentType>('correction');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [multiple, setMultiple] = useState('');
  const [outcome, setOutcome] = useState<'posted' | 'pending' | null>(null);
  const rules = useQuery({ ...adjustmentRulesQuery, enabled: open });
  // A manual deposit is money that arrived and a bonus is taken back only by its forfeiture: credits.
  const creditOnly = type === 'manual_deposit' || type === 'bonus';
  // One request id per submission: a double click or a retry after a lost answer sends the same id,
  // which the server answers with the first request's adjustment; any change of the form is a new
  // request with a new id.
  const [requestId, setRequestId] = useState(newRequestId);
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setRequestId(newRequestId());
    };
  const close = () => {
    setType('correction');
    setDirection('credit');
    setAmount('');
    setReason('');
    setMultiple('');
    setOutcome(null);
    setRequestId(newRequestId());
    s.reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(AdjustmentBody, {
      type,
      direction: creditOnly ? 'credit' : direction,
      amount: amount.trim() === '' ? undefined : Number(amount),
      reason,
      requestId,
      // Empty: the brand's default, which the server fixes on the request.
      ...(type === 'bonus' && multiple.trim() !== '' ? { wageringMultiple: Number(multiple) } : {}),
    });
    s.setErrors(checked.errors);
    if (!checked.data) return;
    const body = checked.data;
    const result: { status?: string } = {};
    const done = await s.run(async () => {
      result.status = (await requestAdjustment(member.id, body)).status;
    });
    if (done) setOutcome(result.status === 'posted' ? 'posted' : 'pending');
  };
  return (
    <Modal open={open} onClose={close} title={t('adjustDialog.title', { username: member.username })}>
      {outcome ? (
        <div>
          <p role="status" className="mb-4 text-sm">
            {t(`adjustDialog.${outcome}`)}
          </p>
          <div className="flex justify-end">
            <Button onClick={close}>{t('common.close', { ns: 'core' })}</Button>
          </div>
        </div>
      ) : (
        <DialogForm onSubmit={submit} onCancel={close} error={s.error} busy={s.busy} submitLabel={t('actions.adjust')}>
          <label className="mb-3 block text-sm font-medium">
            {t('adjustDialog.type')}
            <select
              name="type"
              value={type}
              onChange={(e) => edit(setType)(e.target.value as AdjustmentType)}
              className="mt-1 block w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm font-normal"
            >
              {(['correction', 'goodwill', 'manual_deposit', 'bonus'] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`adjustments.types.${k}`)}
                </option>
              ))}
            </select>
            <span className="mt-1 block text-xs font-normal text-(--text-muted)">
              {t(`adjustDialog.typeHint.${type}`)}
            </span>
            {rules.data && (
              <span data-testid="adjust-agent-base" className="mt-1 block text-xs font-normal">
                {t(`adjustDialog.agentBase.${rules.data.agentBase[type] ? 'counts' : 'not'}`)}
              </span>
            )}
          </label>
          <fieldset className="mb-3" disabled={creditOnly}>
            <legend className="mb-1 text-sm font-medium">{t('adjustDialog.direction')}</legend>
            <div className="flex gap-4">
              {(['credit', 'debit'] as const).map((d) => (
                <label key={d} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="direction"
                    value={d}
                    checked={(creditOnly ? 'credit' : direction) === d}
                    onChange={() => edit(setDirection)(d)}
                  />
                  {t(`adjustDialog.${d}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            label={t('adjustDialog.amount')}
            required
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            suffix={<span className="px-2 text-sm text-(--text-muted)">{member.balances.currency}</span>}
            hint={
              rules.data
                ? t('adjustDialog.threshold', {
                    amount: formatMoney(rules.data.approvalThreshold, rules.data.currency),
                  })
                : t('adjustDialog.hint')
            }
            value={amount}
            error={s.errors.amount}
            onChange={(e) => edit(setAmount)(e.target.value)}
          />
          {type === 'bonus' && (
            <Field
              label={t('adjustDialog.wageringMultiple')}
              name="wageringMultiple"
              inputMode="numeric"
              autoComplete="off"
              placeholder={rules.data ? String(rules.data.bonusWageringMultiple) : ''}
              hint={
                rules.data
                  ? t('adjustDialog.wageringHint', {
                      multiple: multiple.trim() === '' ? rules.data.bonusWageringMultiple : multiple,
                      days: rules.data.bonusWageringDays,
                    })
                  : undefined
              }
              value={multiple}
              error={s.errors.wageringMultiple}
              onChange={(e) => edit(setMultiple)(e.target.value)}
            />
          )}
          <Field
            label={t('adjustDialog.reason')}
            required
            name="reason"
            autoComplete="off"
            maxLength={500}
            value={reason}
            error={s.errors.reason}
            onChange={(e) => edit(setReason)(e.target.value)}
          />
        </DialogForm>
      )}
    </Modal>
  );
}
