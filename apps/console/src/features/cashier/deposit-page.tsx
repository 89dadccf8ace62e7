import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { actOnDeposit, cashierKey, depositQuery } from './api';
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
  const { order, risk } = detail.data;
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
      <ConfirmDialog
        open={action !== null}
        title={action ? t(`actions.${action}`) : ''}
        message={
          action === 'approve'
            ? t('confirm.approveDeposit', {
                amount: formatMoney(order.amount, order.currency),
                member: order.member.username,
              })
            : t('confirm.rejectDeposit', { member: order.member.username })
        }
        confirmLabel={action ? t(`actions.${action}`) : ''}
        danger={action === 'reject'}
        reason={action === 'reject' ? { label: t('reason'), max: 200 } : undefined}
        onConfirm={async (reason) => {
          if (!action) return;
          await actOnDeposit(order.reference, action, reason);
          await queryClient.invalidateQueries({ queryKey: cashierKey });
        }}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
