import type { PayeeMatch } from '@gamehall/shared/api/admin';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { approveDeposit, houseAccountsQuery, markPaid } from './api';

// The desk's decisions that take more than a yes (docs/cashier.md "The desk"): approving a deposit
// for what actually arrived, and marking a withdrawal paid with the bank's details.

/** A money amount typed by an operator: major units with at most two decimals; null when it is not one. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The payee (or depositor) name against the member's verified name. */
export function PayeeMatchBadge({ match }: { match: PayeeMatch }) {
  const { t } = useTranslation('cashier');
  const tone = match === 'match' ? 'success' : match === 'mismatch' ? 'danger' : 'muted';
  return <StatusBadge tone={tone} label={t(`payeeMatch.${match}`)} />;
}

/** A desk dialog's form: its fields, the server's refusal, Cancel and the submit button. */
export function DialogForm({
  title,
  open,
  busy,
  error,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  busy: boolean;
  error: string;
  submitLabel: string;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate>
        {children}
        {error && (
          <p role="alert" className="mb-3 text-sm text-(--danger)">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Approve a bank transfer for the amount that arrived: the amount asked is filled in; another one
 * needs the reason the member reads beside both amounts.
 */
export function ApproveDepositDialog({
  open,
  order,
  onDone,
  onClose,
}: {
  open: boolean;
  order: { reference: string; amount: number; currency: string; member: { username: string } };
  onDone: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  const [amount, setAmount] = useState(String(order.amount));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const parsed = parseMoney(amount);
  const differs = parsed !== null && parsed !== order.amount;
  const close = () => {
    setAmount(String(order.amount));
    setReason('');
    setErrors({});
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (parsed === null || parsed <= 0) return setErrors({ amount: t('desk.amountInvalid') });
    if (differs && !reason.trim()) return setErrors({ reason: t('desk.reasonRequired') });
    setBusy(true);
    setErrors({});
    try {
      await approveDeposit(order.reference, differs ? { amount: parsed, reason: reason.trim() } : {});
      await onDone();
      close();
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogForm
      title={t('actions.approve')}
      open={open}
      busy={busy}
      error={errors.form ?? ''}
      submitLabel={t('actions.approve')}
      onSubmit={submit}
      onClose={close}
    >
      <p className="mb-4 text-sm">
        {t('confirm.approveDepositAsked', {
          amount: formatMoney(order.amount, order.currency),
          member: order.member.username,
        })}
      </p>
      <Field
        label={t('desk.amountReceived', { currency: order.currency })}
        required
        name="amount"
        inputMode="decimal"
        value={amount}
        hint={differs ? t('desk.amountDiffers') : t('desk.amountHint')}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      {differs && (
        <Field
          label={t('desk.differenceReason')}
          required
          name="reason"
          maxLength={200}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
    </DialogForm>
  );
}

/**
 * Mark an approved withdrawal paid: the bank's reference of the transfer, the brand's account it
 * left from and the bank's fee for it (the house's cost, reported as a payment fee).
 */
export function MarkPaidDialog({
  open,
  order,
  onDone,
  onClose,
}: {
  open: boolean;
  order: { reference: string; amount: number; currency: string; bankAccount: { accountNumber: string } };
  onDone: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  // Read again on each opening: an account added a moment ago (another tab, a colleague) is offered.
  const accounts = useQuery({ ...houseAccountsQuery, enabled: open, staleTime: 0 });
  const paying = (accounts.data ?? []).filter((a) => a.pays && a.active);
  const [accountId, setAccountId] = useState('');
  const [reference, setReference] = useState('');
  const [fee, setFee] = useState('0');
  const [errors, setErrors] = useState<{ account?: string; reference?: string; fee?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const chosen = accountId || (paying.length === 1 ? String(paying[0]?.id) : '');
  const close = () => {
    setReference('');
    setFee('0');
    setErrors({});
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const feeValue = parseMoney(fee);
    const next: typeof errors = {};
    if (!chosen) next.account = t('desk.payingAccountRequired');
    if (!reference.trim()) next.reference = t('desk.payoutReferenceRequired');
    if (feeValue === null) next.fee = t('desk.amountInvalid');
    if (Object.keys(next).length > 0 || feeValue === null) return setErrors(next);
    setBusy(true);
    setErrors({});
    try {
      await markPaid(order.reference, {
        payoutReference: reference.trim(),
        payingAccountId: Number(chosen),
        fee: feeValue,
      });
      await onDone();
      close();
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogForm
      title={t('actions.paid')}
      open={open}
      busy={busy}
      error={errors.form ?? ''}
      submitLabel={t('actions.paid')}
      onSubmit={submit}
      onClose={close}
    >
      <p className="mb-4 text-sm">
        {t('confirm.paidWithdrawal', {
          amount: formatMoney(order.amount, order.currency),
          account: order.bankAccount.accountNumber,
        })}
      </p>
      <div className="mb-3">
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          <span className="mr-0.5 text-(--danger)" aria-hidden>
            *
          </span>
          {t('desk.payingAccount')}
        </label>
        <select
          id={selectId}
          name="payingAccount"
          required
          value={chosen}
          aria-invalid={Boolean(errors.account)}
          onChange={(e) => setAccountId(e.target.value)}
          className="w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm"
        >
          <option value="">{t('desk.choose')}</option>
          {paying.map((a) => (
            <option key={a.id} value={a.id}>
              {`${a.label} · ${a.bankName} ${a.accountNumber}`}
            </option>
          ))}
        </select>
        {errors.account ? (
          <p role="alert" className="mt-1 text-xs text-(--danger)">
            {errors.account}
          </p>
        ) : (
          accounts.data &&
          paying.length === 0 && <p className="mt-1 text-xs text-(--text-muted)">{t('desk.noPayingAccount')}</p>
        )}
      </div>
      <Field
        label={t('desk.payoutReference')}
        required
        name="payoutReference"
        maxLength={64}
        value={reference}
        error={errors.reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <Field
        label={t('desk.fee', { currency: order.currency })}
        required
        name="fee"
        inputMode="decimal"
        value={fee}
        hint={t('desk.feeHint')}
        error={errors.fee}
        onChange={(e) => setFee(e.target.value)}
      />
    </DialogForm>
  );
}
