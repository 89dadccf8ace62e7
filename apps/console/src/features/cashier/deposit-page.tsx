import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { cashierKey, depositQuery, rejectDeposit } from './api';
import { ApproveDepositDialog, PayeeMatchBadge } from './desk-dialogs';
import { useLiveCashier } from './live';
import { BackToList, OrderNotReady } from './order-list';
import { DetailList, Panel, ProofImages, RiskHints } from './order-parts';
import { OrderStatus } from './status';

export function DepositPage() {
  const { t } = useTranslation('cashier');
  const reference = useParams().reference ?? '';
  const can = useCan();
  const queryClient = useQueryClient();
  // Another operator's decision shows at once.
  useLiveCashier();
  const detail = useQuery(depositQuery(reference));
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  if (detail.isError || !detail.data) {
    return <OrderNotReady list="deposits" error={detail.isError ? detail.error : null} />;
  }
  const { order, risk, depositorMatch } = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: cashierKey });
  // Gateway deposits complete through the gateway's signed callback, never by hand.
  const actionable = order.status === 'pending' && order.kind === 'bank_transfer' && can('cashier.approve');
  return (
    <div className="max-w-5xl">
      <BackToList list="deposits" />
      <PageHeader
        title={t('deposits.one', { reference: order.reference })}
        actions={
          actionable && (
            <>
              <Button onClick={() => setAction('approve')}>{t('actions.approve')}</Button>
              <Button variant="danger" onClick={() => setAction('reject')}>
                {t('actions.reject')}
              </Button>
            </>
          )
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('order')}>
          <DetailList
            items={[
              [t('statusLabel'), <OrderStatus key="s" status={order.status} />],
              [t('member'), `${order.member.username} (#${order.member.id})`],
              [t('amount'), <strong key="a">{formatMoney(order.amount, order.currency)}</strong>],
              ...(order.requestedAmount !== null
                ? [[t('requestedAmount'), formatMoney(order.requestedAmount, order.currency)] as [string, string]]
                : []),
              [
                t('depositorName'),
                order.depositorName ? (
                  <span key="d" className="inline-flex flex-wrap items-center gap-2">
                    {order.depositorName}
                    {depositorMatch && <PayeeMatchBadge match={depositorMatch} />}
                  </span>
                ) : (
                  '-'
                ),
              ],
              [t('receivingAccount'), order.receivingAccount?.label ?? '-'],
              [t('method'), `${order.methodCode} (${t(`kind.${order.kind}`)})`],
              [t('firstDeposit'), order.firstDeposit ? t('yes') : t('no')],
              [t('created'), formatDateTime(order.createdAt)],
              [t('decided'), formatDateTime(order.decidedAt) || '-'],
              [t('reason'), order.reason ?? '-'],
            ]}
          />
        </Panel>
        <RiskHints risk={risk} currency={order.currency} />
      </div>
      <div className="mt-4">
        <Panel title={t('proofsTitle', { count: order.proofCount })}>
          <ProofImages reference={order.reference} />
        </Panel>
      </div>
      <ApproveDepositDialog
        open={action === 'approve'}
        order={order}
        onDone={refresh}
        onClose={() => setAction(null)}
      />
      <ConfirmDialog
        open={action === 'reject'}
        title={t('actions.reject')}
        message={t('confirm.rejectDeposit', { member: order.member.username })}
        confirmLabel={t('actions.reject')}
        danger
        reason={{ label: t('reason'), max: 200 }}
        onConfirm={async (reason) => {
          await rejectDeposit(order.reference, reason);
          await refresh();
        }}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
