import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { actOnWithdrawal, cashierKey, houseAccountsQuery, withdrawalQuery } from './api';
import { MarkPaidDialog, PayeeMatchBadge } from './desk-dialogs';
import { useLiveCashier } from './live';
import { BackToList, OrderNotReady } from './order-list';
import { DetailList, Panel, ProofImages, RiskHints } from './order-parts';
import {
  type PayoutProvider,
  ProviderPayoutText,
  SendPayoutDialog,
  SettlePayout,
  usePayoutProviders,
} from './provider-payout';
import { OrderStatus } from './status';

type Action = 'approve' | 'reject' | 'paid';

// While a provider is paying the order it is read again this often, so the cashier sees the
// provider's answer end it without reloading the page.
const SENDING_REFRESH_MS = 5_000;

export function WithdrawalPage() {
  const { t } = useTranslation('cashier');
  const reference = useParams().reference ?? '';
  const can = useCan();
  const queryClient = useQueryClient();
  // Another operator's decision shows at once.
  useLiveCashier();
  const detail = useQuery({
    ...withdrawalQuery(reference),
    refetchInterval: (query) =>
      query.state.data?.order.providerPayout?.state === 'sending' ? SENDING_REFRESH_MS : false,
  });
  const [action, setAction] = useState<Action | null>(null);
  const payoutProviders = usePayoutProviders();
  const [payoutVia, setPayoutVia] = useState<PayoutProvider | null>(null);
  if (detail.isError || !detail.data) {
    return <OrderNotReady list="withdrawals" error={detail.isError ? detail.error : null} />;
  }
  const { order, risk } = detail.data;
  const approver = can('cashier.approve');
  const amount = formatMoney(order.amount, order.currency);
  const refresh = () => queryClient.invalidateQueries({ queryKey: cashierKey });
  // A payee who is not the verified name is approved only with the operator's note of the check.
  const needsReview = order.payeeMatch === 'mismatch';
  const providerPayout = order.providerPayout ?? null;
  // While a provider is paying it, its answer ends the order: no second way of paying is offered.
  const sending = providerPayout?.state === 'sending';
  return (
    <div className="max-w-5xl">
      <BackToList list="withdrawals" />
      <PageHeader
        title={t('withdrawals.one', { reference: order.reference })}
        actions={
          approver && (
            <>
              {order.status === 'pending' && (
                <>
                  <Button onClick={() => setAction('approve')}>{t('actions.approve')}</Button>
                  <Button variant="danger" onClick={() => setAction('reject')}>
                    {t('actions.reject')}
                  </Button>
                </>
              )}
              {order.status === 'approved' && !sending && (
                <>
                  <Button onClick={() => setAction('paid')}>{t('actions.paid')}</Button>
                  {payoutProviders.map((p) => (
                    <Button key={p.code} variant="secondary" onClick={() => setPayoutVia(p)}>
                      {t('payout.send', { name: p.name })}
                    </Button>
                  ))}
                </>
              )}
            </>
          )
        }
      />
      {approver && (order.status === 'pending' || (order.status === 'approved' && !sending)) && (
        <NoPayingAccountNotice />
      )}
      {sending && providerPayout && (
        <div className="mb-4 rounded-md border border-(--border) p-3 text-sm">
          <p role="status">{t('payout.sendingNote')}</p>
          {approver && <SettlePayout key={order.reference} order={order} payout={providerPayout} onDone={refresh} />}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('order')}>
          <DetailList
            items={[
              [t('statusLabel'), <OrderStatus key="s" status={order.status} />],
              [t('member'), `${order.member.username} (#${order.member.id})`],
              [t('amount'), <strong key="a">{amount}</strong>],
              [t('bankAccount'), `${order.bankAccount.bankName} · ${order.bankAccount.accountNumber}`],
              [
                t('accountName'),
                <span key="n" className="inline-flex flex-wrap items-center gap-2">
                  {order.bankAccount.accountName}
                  <PayeeMatchBadge match={order.payeeMatch} />
                </span>,
              ],
              [t('created'), formatDateTime(order.createdAt)],
              [t('paidAt'), formatDateTime(order.paidAt) || '-'],
              ...(order.payout
                ? ([
                    [t('desk.payoutReference'), order.payout.reference],
                    [t('desk.payingAccount'), order.payout.account.label],
                    [t('desk.feeLabel'), formatMoney(order.payout.fee, order.currency)],
                  ] as [string, string][])
                : []),
              ...(providerPayout
                ? ([
                    [t('payout.label'), <ProviderPayoutText key="pp" payout={providerPayout} />],
                    [
                      t('payout.channel'),
                      t('payout.channelOf', {
                        channel: providerPayout.channel,
                        mode: t(`providers.modes.${providerPayout.mode}`).toLowerCase(),
                      }),
                    ],
                  ] as [string, ReactNode][])
                : []),
              [
                t('receiptLabel'),
                order.receiptStatus
                  ? `${t(`receipt.${order.receiptStatus}`)}${order.receiptForced ? ` (${t('receiptForced')})` : ''}`
                  : '-',
              ],
              [t('reason'), order.reason ?? '-'],
            ]}
          />
        </Panel>
        <RiskHints risk={risk} currency={order.currency} />
      </div>
      <div className="mt-4">
        <Panel title={t('receiptProofs')}>
          <ProofImages reference={order.reference} />
        </Panel>
      </div>
      <MarkPaidDialog open={action === 'paid'} order={order} onDone={refresh} onClose={() => setAction(null)} />
      <SendPayoutDialog provider={payoutVia} order={order} onDone={refresh} onClose={() => setPayoutVia(null)} />
      <ConfirmDialog
        open={action === 'approve' || action === 'reject'}
        title={action ? t(`actions.${action}`) : ''}
        message={
          action
            ? t(`confirm.${action}Withdrawal`, {
                amount,
                member: order.member.username,
                account: order.bankAccount.accountNumber,
              })
            : undefined
        }
        confirmLabel={action ? t(`actions.${action}`) : ''}
        danger={action === 'reject'}
        reason={
          action === 'reject'
            ? { label: t('reason'), max: 200 }
            : needsReview
              ? { label: t('desk.payeeReview'), max: 200 }
              : undefined
        }
        onConfirm={async (note) => {
          if (action !== 'approve' && action !== 'reject') return;
          await actOnWithdrawal(order.reference, action, note || undefined);
          await refresh();
        }}
        onClose={() => setAction(null)}
      />
    </div>
  );
}

/**
 * A brand with no active paying account cannot mark a withdrawal paid: said before the operator
 * approves, with what to set up and where (Brand bank accounts).
 */
export function NoPayingAccountNotice() {
  const { t } = useTranslation('cashier');
  const accounts = useQuery(houseAccountsQuery);
  if (!accounts.data || accounts.data.some((a) => a.pays && a.active)) return null;
  return (
    <p role="status" className="mb-4 rounded-md border border-(--danger) p-3 text-sm" data-testid="no-paying-account">
      {t('desk.setUpPayingAccount')}{' '}
      <Link to="/cashier/house-accounts" className="text-(--accent) underline">
        {t('desk.setUpPayingAccountLink')}
      </Link>
    </p>
  );
}
