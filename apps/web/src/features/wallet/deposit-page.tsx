import { DepositBody, type DepositOrder, type PaymentMethod } from '@gamehall/shared/api/cashier';
import { Field } from '@gamehall/ui/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Landmark, QrCode, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormFooter } from '../../components/form-footer';
import { LinkQr } from '../../components/link-qr';
import { errorMessage } from '../../lib/errors';
import { withMessages } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { attachDepositProof, createDeposit, depositsQuery, paymentMethodsQuery } from './api';
import { Card, CopyValue, cell, formatTime, HistorySection, PageTitle, row, StatusCell, useMoney } from './components';
import { AmountField, amountValue, useLimitsText } from './payment-fields';
import { checkProofImage, limitProblem, newRequestId } from './wallet-logic';

const DepositFields = DepositBody.omit({ requestId: true });

// spec §2 depositv2: methods with limits and quick amounts; the member's last method and amount come
// back chosen (the server reads them from the last order); a bank transfer shows the brand's
// receiving account with copy buttons and the reference, and takes an optional proof; a gateway opens
// its pay page; an e-wallet shows its pay page as a QR code and a link that opens the wallet app.
export function DepositPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const limitsText = useLimitsText();
  const queryClient = useQueryClient();
  const money = useMoney();
  const methods = useQuery(paymentMethodsQuery(token)).data;
  const [order, setOrder] = useState<DepositOrder | null>(null);
  const form = useForm<z.input<typeof DepositFields>, unknown, z.output<typeof DepositFields>>({
    // No amount until the member types one: a NaN default is written into the number box, which
    // the browser refuses with a console warning.
    defaultValues: { methodCode: '' },
    resolver: withMessages(zodResolver(DepositFields, undefined, { raw: true }), t, {
      methodCode: 'wallet.chooseMethod',
      amount: 'wallet.amountInvalid',
      depositorName: 'wallet.depositorNameInvalid',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const chosen = methods?.deposit.find((m) => m.code === form.watch('methodCode'));
  const amount = form.watch('amount');
  // The last method and amount, once, when the methods arrive and nothing is chosen yet.
  const remembered = useRef(false);
  useEffect(() => {
    if (remembered.current || !methods) return;
    remembered.current = true;
    if (methods.last && !form.getValues('methodCode'))
      form.reset({ methodCode: methods.last.methodCode, amount: methods.last.amount });
  }, [methods, form]);
  const lastMethod = methods?.last ? methods.deposit.find((m) => m.code === methods.last?.methodCode) : undefined;
  const submit = form.handleSubmit(async (values) => {
    const method = methods?.deposit.find((m) => m.code === values.methodCode);
    if (method && limitProblem(values.amount, method)) {
      form.setError('amount', { message: limitsText(method) });
      return;
    }
    try {
      // The depositor's name is asked for a bank transfer only (the cashier matches it on the statement).
      const { depositorName, ...rest } = values;
      const created = await createDeposit({
        ...rest,
        ...(method?.kind === 'bank_transfer' && depositorName ? { depositorName } : {}),
        requestId: newRequestId(),
      });
      setOrder(created);
      form.resetField('amount');
      form.reset({ methodCode: values.methodCode });
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'deposits'] });
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'paymentMethods'] });
    } catch (err) {
      form.setError('root', { message: errorMessage(t, err) });
    }
  });
  return (
    <div>
      <PageTitle>{t('member.menu.depositv2')}</PageTitle>
      <form onSubmit={submit} noValidate className="max-w-xl">
        <fieldset className="mb-4">
          <legend className="mb-2 text-sm font-medium">{t('wallet.method')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(methods?.deposit ?? []).map((m) => (
              <MethodOption key={m.code} method={m} register={form.register('methodCode')} />
            ))}
          </div>
          {errors.methodCode && (
            <p role="alert" className="mt-1 text-xs text-(--danger)">
              {errors.methodCode.message}
            </p>
          )}
        </fieldset>
        {methods?.last && lastMethod && (
          <p className="mb-3 text-sm text-(--text-muted)" data-testid="deposit-last">
            {t('quickMoney.lastUsed', { method: lastMethod.name, amount: money(methods.last.amount) })}
          </p>
        )}
        {chosen && chosen.quickAmounts.length > 0 && (
          <fieldset className="mb-3">
            <legend className="mb-2 text-sm font-medium">{t('quickMoney.quickAmounts')}</legend>
            <div className="flex flex-wrap gap-2">
              {chosen.quickAmounts.map((q) => (
                <button
                  key={q}
                  type="button"
                  aria-pressed={amount === q}
                  onClick={() => form.setValue('amount', q, { shouldValidate: Boolean(errors.amount) })}
                  className="min-h-11 min-w-20 rounded-full border border-(--text-muted)/40 px-4 text-sm font-semibold tabular-nums hover:border-(--accent) aria-pressed:border-(--accent) aria-pressed:bg-(--accent) aria-pressed:text-(--accent-contrast)"
                  data-testid="quick-amount"
                >
                  {money(q)}
                </button>
              ))}
            </div>
          </fieldset>
        )}
        <AmountField
          hint={chosen ? limitsText(chosen) : undefined}
          error={errors.amount?.message}
          {...form.register('amount', { setValueAs: amountValue })}
        />
        {chosen?.kind === 'bank_transfer' && (
          <Field
            label={t('wallet.depositorName')}
            autoComplete="name"
            maxLength={100}
            hint={t('wallet.depositorNameHint')}
            error={errors.depositorName?.message}
            {...form.register('depositorName', { setValueAs: (v: string) => v?.trim() || undefined })}
          />
        )}
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('member.menu.depositv2')}
        </FormFooter>
      </form>
      {order && <DepositInstructions order={order} onChange={setOrder} />}
      <DepositHistory />
    </div>
  );
}

function MethodOption({
  method,
  register,
}: {
  method: PaymentMethod;
  register: ReturnType<ReturnType<typeof useForm<{ methodCode: string; amount: number }>>['register']>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const Icon = method.kind === 'bank_transfer' ? Landmark : method.kind === 'ewallet' ? QrCode : Smartphone;
  const kind = method.kind === 'ewallet' ? t('quickMoney.kindEwallet') : t(`wallet.kind.${method.kind}`);
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-(--text-muted)/30 bg-(--surface) p-3 has-checked:border-(--accent)">
      <input type="radio" value={method.code} className="accent-(--accent)" {...register} />
      <Icon size={20} aria-hidden className="text-(--accent)" />
      <span className="min-w-0">
        <span className="block font-semibold">{method.provider ?? method.name}</span>
        <span className="block text-xs text-(--text-muted)">
          {kind} · {money(method.min)} – {money(method.max)}
        </span>
      </span>
    </label>
  );
}

function DepositInstructions({ order, onChange }: { order: DepositOrder; onChange: (o: DepositOrder) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [proofError, setProofError] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkProofImage(file);
    if (problem) {
      setProofError(t(`wallet.image.${problem}`));
      return;
    }
    setProofError('');
    setBusy(true);
    try {
      onChange(await attachDepositProof(order.reference, file));
      toast.success(t('wallet.proofUploaded'));
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'deposits'] });
    } catch (err) {
      setProofError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mt-6 max-w-xl">
      <h2 className="mb-2 font-semibold">{t('wallet.depositCreated')}</h2>
      {order.receivingAccount ? (
        <>
          <p className="mb-2 text-sm text-(--text-muted)">{t('wallet.bankTransferNote')}</p>
          <dl>
            <CopyValue label={t('wallet.bankName')} value={order.receivingAccount.bankName} />
            <CopyValue label={t('wallet.accountName')} value={order.receivingAccount.accountName} />
            <CopyValue label={t('wallet.accountNumber')} value={order.receivingAccount.accountNumber} />
            <CopyValue label={t('wallet.amount')} value={money(order.amount)} />
            <CopyValue label={t('wallet.reference')} value={order.reference} testId="deposit-reference" />
          </dl>
          <div className="mt-3">
            <label className="mb-1 block text-sm font-medium" htmlFor="deposit-proof">
              {t('wallet.proof')}
            </label>
            <input
              id="deposit-proof"
              type="file"
              accept="image/png,image/jpeg"
              disabled={busy || order.hasProof}
              aria-describedby="deposit-proof-hint"
              onChange={(e) => void upload(e.target.files?.[0])}
              className="max-w-full text-sm"
            />
            <p id="deposit-proof-hint" className="mt-1 text-xs text-(--text-muted)">
              {order.hasProof ? t('wallet.proofUploaded') : t('wallet.imageHint')}
            </p>
            {proofError && (
              <p role="alert" className="mt-1 text-xs text-(--danger)">
                {proofError}
              </p>
            )}
          </div>
        </>
      ) : order.kind === 'ewallet' ? (
        <EwalletInstructions order={order} />
      ) : (
        <>
          <dl>
            <CopyValue label={t('wallet.reference')} value={order.reference} testId="deposit-reference" />
          </dl>
          {order.payUrl && (
            <a
              href={order.payUrl}
              target="_blank"
              rel="noopener"
              className="mt-3 inline-flex items-center gap-2 rounded-md bg-(--accent) px-4 py-2 text-sm font-semibold text-(--accent-contrast)"
            >
              <ExternalLink size={16} aria-hidden />
              {t('wallet.openPayPage')}
            </a>
          )}
          <p className="mt-2 text-sm text-(--text-muted)">{t('wallet.gatewayNote')}</p>
        </>
      )}
    </Card>
  );
}

/**
 * An e-wallet payment: on a wide screen the member scans the pay page's QR code with the wallet app
 * on their phone; on the phone itself the button opens the app (its deep link) or its pay page.
 */
function EwalletInstructions({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { token } = useSession();
  const methods = useQuery(paymentMethodsQuery(token)).data;
  const provider = methods?.deposit.find((m) => m.code === order.methodCode)?.provider ?? order.methodName;
  return (
    <div data-testid="ewallet-instructions">
      <dl>
        <CopyValue label={t('wallet.amount')} value={money(order.amount)} />
        <CopyValue label={t('wallet.reference')} value={order.reference} testId="deposit-reference" />
      </dl>
      {order.deepLink && (
        <a
          href={order.deepLink}
          target="_blank"
          rel="noopener"
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md bg-(--accent) px-4 py-2 text-sm font-semibold text-(--accent-contrast)"
          data-testid="ewallet-open"
        >
          <ExternalLink size={16} aria-hidden />
          {t('quickMoney.openApp', { provider })}
        </a>
      )}
      {order.payUrl && (
        <div className="mt-4 inline-block">
          <LinkQr
            link={order.payUrl}
            alt={t('quickMoney.qrAlt', { amount: money(order.amount), provider })}
            caption={t('quickMoney.scanQr', { provider })}
            failedText={t('quickMoney.qrFailed')}
            testId="ewallet-qr"
          />
        </div>
      )}
      <p className="mt-2 text-sm text-(--text-muted)">{t('quickMoney.ewalletNote', { provider })}</p>
    </div>
  );
}

function DepositHistory() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const data = useQuery(depositsQuery(token, page)).data;
  return (
    <section>
      <HistorySection
        title={t('wallet.depositHistory')}
        headers={[
          t('wallet.time'),
          t('wallet.reference'),
          t('wallet.method'),
          t('wallet.amount'),
          t('wallet.statusLabel'),
        ]}
        data={data}
        page={page}
        onPage={setPage}
      >
        {data?.content.map((d) => (
          <tr key={d.reference} className={row} data-testid="deposit-row">
            <td className={cell}>{formatTime(d.createdAt)}</td>
            <td className={cell}>{d.reference}</td>
            <td className={cell}>{d.methodName}</td>
            <td className={cell}>
              {money(d.amount)}
              {d.requestedAmount !== null && (
                <span className="block text-xs text-(--text-muted)">
                  {t('wallet.requestedAmount', { amount: money(d.requestedAmount) })}
                </span>
              )}
            </td>
            <StatusCell status={d.status} reason={d.reason} />
          </tr>
        ))}
      </HistorySection>
    </section>
  );
}
