import {
  RECEIPT_COMMENT_MAX,
  type ReceiptStatus,
  type WithdrawalOrder,
  WithdrawBody,
} from '@gamehall/shared/api/cashier';
import { Button } from '@gamehall/ui/button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { paths } from '../../app/paths';
import { FormFooter } from '../../components/form-footer';
import { WageringWarning } from '../../components/wagering-warning';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { withMessages } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { bankAccountsQuery, confirmReceipt, requestWithdrawal, withdrawalsQuery, withdrawInfoQuery } from './api';
import {
  Card,
  cell,
  formatTime,
  HistorySection,
  PageTitle,
  row,
  SelectField,
  StatusCell,
  useMoney,
} from './components';
import {
  AmountField,
  amountValue,
  PaymentPasswordField,
  paymentErrorField,
  useLimitsText,
  useRefreshBalances,
} from './payment-fields';
import { checkReceiptImages, limitProblem, newRequestId, turnoverPercent } from './wallet-logic';

const WithdrawFields = WithdrawBody.omit({ requestId: true, forfeitBonus: true });

// spec §2 withdraw: a confirmed bank account, the payment password, limits and turnover progress;
// the history, and the receipt confirmation of a paid withdrawal (spec §4).
export function WithdrawPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const limitsText = useLimitsText();
  const refreshBalances = useRefreshBalances();
  const info = useQuery(withdrawInfoQuery(token)).data;
  const accounts = useQuery(bankAccountsQuery(token)).data?.list;
  const confirmed = (accounts ?? []).filter((a) => a.status === 'confirmed');
  const inReview = (accounts ?? []).filter((a) => a.status === 'pending');
  const rejected = (accounts ?? []).filter((a) => a.status === 'rejected');
  const queryClient = useQueryClient();
  // docs/rewards.md: a request while a bonus is wagered forfeits it; the member says so first, in a
  // dialog that names the amount (the server refuses the request without that word).
  const agreeToForfeit = (bonus: number) =>
    showAlert({
      message: t('wallet.forfeitConfirm', { amount: money(bonus) }),
      cancellable: true,
      confirmLabel: t('wallet.forfeitAccept'),
    });
  const form = useForm<z.input<typeof WithdrawFields>, unknown, z.output<typeof WithdrawFields>>({
    // No bank account preselected: the select shows its placeholder until the member picks one.
    defaultValues: { paymentPassword: '' },
    resolver: withMessages(zodResolver(WithdrawFields, undefined, { raw: true }), t, {
      bankAccountId: 'wallet.chooseAccount',
      amount: 'wallet.amountInvalid',
      paymentPassword: 'validation.required',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    if (info && limitProblem(values.amount, info)) {
      form.setError('amount', { message: limitsText(info) });
      return;
    }
    const requestId = newRequestId();
    let forfeitBonus = false;
    if (info && info.bonusForfeited > 0) {
      if (!(await agreeToForfeit(info.bonusForfeited))) return;
      forfeitBonus = true;
    }
    try {
      try {
        await requestWithdrawal({ ...values, requestId, forfeitBonus });
      } catch (err) {
        // A bonus claimed since the page loaded: the server names it, and the member decides again.
        if (!(err instanceof ApiError) || err.code !== 'CASHIER_BONUS_FORFEIT_UNCONFIRMED') throw err;
        if (!(await agreeToForfeit(Number(err.value?.bonus ?? 0)))) return;
        await requestWithdrawal({ ...values, requestId, forfeitBonus: true });
      }
      toast.success(t('wallet.withdrawRequested'));
      void queryClient.invalidateQueries({ queryKey: ['rewards'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'withdrawInfo'] });
      form.resetField('amount');
      form.reset({ bankAccountId: values.bankAccountId, paymentPassword: '' });
      await refreshBalances();
    } catch (err) {
      form.setError(paymentErrorField(err), { message: errorMessage(t, err) });
    }
  });
  const percent = info ? turnoverPercent(info.turnover) : 0;
  return (
    <div>
      <PageTitle>{t('member.menu.withdraw')}</PageTitle>
      <WageringWarning />
      {info && (
        <dl className="mb-6 grid gap-3 sm:grid-cols-3">
          <Card>
            <dt className="text-sm text-(--text-muted)">{t('wallet.available')}</dt>
            <dd className="mt-1 text-lg font-bold" data-testid="withdraw-available">
              {money(info.available)}
            </dd>
          </Card>
          <Card>
            <dt className="text-sm text-(--text-muted)">{t('wallet.limitsLabel')}</dt>
            <dd className="mt-1 font-semibold">
              {money(info.min)} – {money(info.max)}
            </dd>
          </Card>
          <Card>
            <dt className="text-sm text-(--text-muted)" id="turnover-label">
              {t('wallet.turnover')}
            </dt>
            <dd className="mt-1 text-sm">
              {money(info.turnover.achieved)} / {money(info.turnover.required)}
              <div
                role="progressbar"
                aria-labelledby="turnover-label"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-2 h-2 overflow-hidden rounded-full bg-(--text-muted)/20"
              >
                <div className="h-full bg-(--accent)" style={{ width: `${percent}%` }} />
              </div>
            </dd>
          </Card>
        </dl>
      )}
      {info && !info.hasPaymentPassword && (
        <p role="alert" className="mb-4 rounded-md bg-(--danger)/10 p-3 text-sm text-(--danger)">
          {t('errors.PAYMENT_PASSWORD_NOT_SET')}{' '}
          <Link to={paths.securityCenter} className="underline">
            {t('member.menu.securityCenter')}
          </Link>
        </p>
      )}
      {accounts && confirmed.length === 0 && (
        <p className="mb-4 rounded-md bg-(--surface) p-3 text-sm" data-testid="withdraw-account-state">
          {inReview.length > 0
            ? t('wallet.bank.underReview', { account: `${inReview[0]?.bankName} ${inReview[0]?.accountNumber}` })
            : t('wallet.needConfirmedAccount')}{' '}
          <Link to={paths.memberEntry('bankAccount')} className="text-(--accent) underline">
            {t('wallet.menu.bankAccount')}
          </Link>
        </p>
      )}
      {rejected.map((a) => (
        <p
          key={a.id}
          role="alert"
          className="mb-4 rounded-md bg-(--danger)/10 p-3 text-sm text-(--danger)"
          data-testid="withdraw-rejected-account"
        >
          {t('wallet.bank.rejected', { account: `${a.bankName} ${a.accountNumber}`, reason: a.rejectReason ?? '' })}
        </p>
      ))}
      <form onSubmit={submit} noValidate className="max-w-md">
        <SelectField label={t('wallet.menu.bankAccount')} {...form.register('bankAccountId', { valueAsNumber: true })}>
          <option value="">{t('wallet.chooseAccount')}</option>
          {confirmed.map((a) => (
            <option key={a.id} value={a.id}>
              {a.bankName} · {a.accountNumber}
            </option>
          ))}
        </SelectField>
        {errors.bankAccountId && (
          <p role="alert" className="-mt-2 mb-3 text-xs text-(--danger)">
            {errors.bankAccountId.message}
          </p>
        )}
        <AmountField error={errors.amount?.message} {...form.register('amount', { setValueAs: amountValue })} />
        <PaymentPasswordField error={errors.paymentPassword?.message} {...form.register('paymentPassword')} />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('member.menu.withdraw')}
        </FormFooter>
      </form>
      <WithdrawalHistory />
    </div>
  );
}

function WithdrawalHistory() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<string | null>(null);
  const data = useQuery(withdrawalsQuery(token, page)).data;
  const open = data?.content.find((w) => w.reference === confirming);
  return (
    <section>
      <HistorySection
        title={t('wallet.withdrawalHistory')}
        headers={[
          t('wallet.time'),
          t('wallet.reference'),
          t('wallet.amount'),
          t('wallet.menu.bankAccount'),
          t('wallet.statusLabel'),
          t('wallet.receipt.title'),
        ]}
        data={data}
        page={page}
        onPage={setPage}
      >
        {data?.content.map((w) => (
          <tr key={w.reference} className={row} data-testid="withdrawal-row">
            <td className={cell}>{formatTime(w.createdAt)}</td>
            <td className={cell}>{w.reference}</td>
            <td className={cell}>{money(w.amount)}</td>
            <td className={cell}>{w.bankAccount.accountNumber}</td>
            <StatusCell status={w.status} reason={w.reason} />
            <td className={cell}>
              {w.receipt ? (
                t(`wallet.receipt.${w.receipt.status}`)
              ) : w.status === 'paid' ? (
                <Button variant="secondary" onClick={() => setConfirming(w.reference)}>
                  {t('wallet.receipt.confirm')}
                </Button>
              ) : (
                '-'
              )}
            </td>
          </tr>
        ))}
      </HistorySection>
      {open && <ReceiptForm order={open} onDone={() => setConfirming(null)} />}
    </section>
  );
}

const RECEIPT_STATUSES: ReceiptStatus[] = ['received', 'partial', 'not_received'];

function ReceiptForm({ order, onDone }: { order: WithdrawalOrder; onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReceiptStatus>('received');
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkReceiptImages(images, status);
    if (problem) {
      setError(t(`wallet.image.${problem}`));
      return;
    }
    // The answer closes the withdrawal for the member: it cannot be changed once sent.
    if (!(await showAlert({ message: t('in_increase_submit'), cancellable: true }))) return;
    setBusy(true);
    setError('');
    try {
      await confirmReceipt(order.reference, { status, comment, images });
      toast.success(t('wallet.receipt.saved'));
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'withdrawals'] });
      onDone();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  // Leaving a form with a comment or images in it asks first; an untouched one just closes.
  const cancel = async () => {
    if (
      (comment.trim() || images.length > 0) &&
      !(await showAlert({ message: t('in_more_cancel'), cancellable: true }))
    )
      return;
    onDone();
  };
  return (
    <Card className="mt-4 max-w-xl">
      <form onSubmit={submit} noValidate aria-labelledby="receipt-title">
        <h3 id="receipt-title" className="mb-1 font-semibold">
          {t('wallet.receipt.title')}
        </h3>
        <p className="mb-3 text-sm text-(--text-muted)">
          {order.reference} · {money(order.amount)}
          {order.confirmBy && ` · ${t('wallet.receipt.confirmBy', { time: formatTime(order.confirmBy) })}`}
        </p>
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('wallet.statusLabel')}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {RECEIPT_STATUSES.map((s) => (
              <label key={s} className="flex items-center gap-2">
                <input type="radio" name="receipt-status" checked={status === s} onChange={() => setStatus(s)} />
                {t(`wallet.receipt.${s}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="mb-3 block text-sm font-medium">
          <span className="mb-1 block">{t('wallet.receipt.comment')}</span>
          <textarea
            value={comment}
            maxLength={RECEIPT_COMMENT_MAX}
            onChange={(e) => setComment(e.target.value)}
            rows={2}
            className="w-full rounded-md border border-(--text-muted)/40 bg-(--surface-raised) px-3 py-2 text-sm"
          />
        </label>
        <label className="mb-1 block text-sm font-medium" htmlFor="receipt-images">
          {status === 'not_received' && (
            <span className="mr-0.5 text-(--danger)" aria-hidden>
              *
            </span>
          )}
          {t('wallet.receipt.images')}
        </label>
        <input
          id="receipt-images"
          type="file"
          multiple
          accept="image/png,image/jpeg"
          aria-describedby="receipt-images-hint"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            setImages(files);
            const problem = checkReceiptImages(files, 'received');
            setError(problem ? t(`wallet.image.${problem}`) : '');
          }}
          className="max-w-full text-sm"
        />
        <p id="receipt-images-hint" className="mb-3 mt-1 text-xs text-(--text-muted)">
          {t('wallet.receipt.imagesHint')}
        </p>
        {error && (
          <p role="alert" className="mb-3 text-sm text-(--danger)">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button variant="ghost" onClick={() => void cancel()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('common.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
