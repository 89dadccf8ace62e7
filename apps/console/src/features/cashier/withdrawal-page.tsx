import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { actOnWithdrawal, cashierKey, withdrawalQuery } from './api';
import { DetailList, Panel, ProofImages, RiskHints } from './order-parts';
import { OrderStatus } from './status';

type Action = 'approve' | 'reject' | 'paid';

export function WithdrawalPage() {
  const { t } = useTranslation('cashier');
  const reference = useParams().reference ?? '';
  const can = useCan();
  const queryClient = useQueryClient();
  const detail = useQuery(withdrawalQuery(reference));
  const [action, setAction] = useState<Action | null>(null);
  const back = (
    <Link to="/cashier/withdrawals" className="inline-flex items-center gap-1 text-sm text-(--accent) underline">
      <ArrowLeft size={14} aria-hidden />
      {t('withdrawals.title')}
    </Link>
  );
  if (detail.isError) {
    return (
      <div>
        {back}
        <p role="alert" className="mt-4 text-(--danger)">
          {errorMessage(detail.error)}
        </p>
      </div>
    );
  }
  if (!detail.data) return <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  const { order, risk } = detail.data;
  const approver = can('cashier.approve');
  const amount = formatMoney(order.amount, order.currency);
  return (
    <div className="max-w-5xl">
      {back}
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
              {order.status === 'approved' && <Button onClick={() => setAction('paid')}>{t('actions.paid')}</Button>}
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
              [t('amount'), <strong key="a">{amount}</strong>],
              [t('bankAccount'), `${order.bankAccount.bankName} · ${order.bankAccount.accountNumber}`],
              [t('accountName'), order.bankAccount.accountName],
              [t('created'), formatDateTime(order.createdAt)],
              [t('paidAt'), formatDateTime(order.paidAt) || '-'],
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
      <ConfirmDialog
        open={action !== null}
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
        reason={action === 'reject' ? { label: t('reason'), max: 200 } : undefined}
        onConfirm={async (reason) => {
          if (!action) return;
          await actOnWithdrawal(order.reference, action, reason);
          await queryClient.invalidateQueries({ queryKey: cashierKey });
        }}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
