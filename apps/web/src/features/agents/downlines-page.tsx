import type { Downline } from '@gamehall/shared/api/agents';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormFooter } from '../../components/form-footer';
import { formatTimeIn } from '../../components/format-time';
import { useMoney } from '../../components/use-money';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { downlinesQuery, newRequestId, setSubAgent, transferToDownline } from './api';
import { cell, numCell, rowClass, SearchBox, SelectBox } from './components';
import { OfferContractDialog } from './offer-contract-dialog';
import { ReportFrame } from './report-frame';

type Scope = 'direct' | 'all';
type Status = '' | 'active' | 'disabled';
type Role = '' | 'true' | 'false';

/**
 * spec §2 downline management: direct or all levels, search, status and role filters, balance and
 * last login (times in the brand's time zone, named); for a direct downline: set as sub-agent,
 * offer a contract; transfer to any downline (payment password, spec §1 "transfer to downlines").
 */
export function DownlinesPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<Scope>('direct');
  const [status, setStatus] = useState<Status>('');
  const [role, setRole] = useState<Role>('');
  const [q, setQ] = useState('');
  const [transferTo, setTransferTo] = useState<Downline | null>(null);
  const [offerTo, setOfferTo] = useState<Downline | null>(null);
  const makeSubAgent = async (d: Downline) => {
    if (
      !(await showAlert({ message: t('agent.downlines.subAgentConfirm', { username: d.username }), cancellable: true }))
    )
      return;
    try {
      await setSubAgent(d.memberId);
      toast.success(t('agent.downlines.subAgentDone', { username: d.username }));
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
    } catch (err) {
      await showAlert({ message: errorMessage(t, err) });
    }
  };
  return (
    <ReportFrame
      title={t('agent.menu.downlineManagement')}
      testId="downlines"
      // The team as it is now: no date range.
      dated={false}
      query={(_, pageNo) =>
        downlinesQuery(token, {
          scope,
          q: q || undefined,
          status: status || undefined,
          isAgent: role === '' ? undefined : role === 'true',
          pageNo,
        })
      }
      filters={(restart) => {
        const filter =
          <T,>(set: (v: T) => void) =>
          (v: T) => {
            set(v);
            restart();
          };
        return (
          <>
            <div className="mb-2 flex flex-wrap items-end gap-3">
              <SelectBox
                label={t('agent.downlines.scope')}
                value={scope}
                onChange={(e) => filter(setScope)(e.target.value as Scope)}
              >
                <option value="direct">{t('agent.downlines.direct')}</option>
                <option value="all">{t('agent.downlines.all')}</option>
              </SelectBox>
              <SelectBox
                label={t('agent.common.status')}
                value={status}
                onChange={(e) => filter(setStatus)(e.target.value as Status)}
              >
                <option value="">{t('agent.downlines.anyStatus')}</option>
                <option value="active">{t('agent.downlines.status.active')}</option>
                <option value="disabled">{t('agent.downlines.status.disabled')}</option>
              </SelectBox>
              <SelectBox
                label={t('agent.downlines.role')}
                value={role}
                onChange={(e) => filter(setRole)(e.target.value as Role)}
              >
                <option value="">{t('agent.downlines.anyRole')}</option>
                <option value="true">{t('agent.downlines.agent')}</option>
                <option value="false">{t('agent.downlines.member')}</option>
              </SelectBox>
            </div>
            <SearchBox onSearch={filter(setQ)} />
          </>
        );
      }}
      // Registration days are the brand's, and so are the times shown: the zone is named.
      summary={(v) => (
        <p className="mb-3 text-sm text-(--text-muted)" data-testid="downlines-zone">
          ({t('agent.common.timeZone', { zone: v.timeZone })})
        </p>
      )}
      columns={[
        t('agent.common.username'),
        { label: t('agent.common.level'), align: 'end' },
        t('agent.downlines.role'),
        t('agent.common.status'),
        { label: t('agent.downlines.balance'), align: 'end' },
        t('agent.downlines.registeredAt'),
        t('agent.downlines.lastLogin'),
        { label: t('agent.downlines.actions'), srOnly: true },
      ]}
      rows={(v) =>
        v.content.map((d) => (
          <tr key={d.memberId} className={rowClass} data-testid={`downline-${d.username}`}>
            <td className={cell}>
              {d.username}
              {d.nickname && <span className="block text-xs text-(--text-muted)">{d.nickname}</span>}
              {d.level > 1 && d.uplineUsername && (
                <span className="block text-xs text-(--text-muted)">
                  {t('agent.downlines.under', { upline: d.uplineUsername })}
                </span>
              )}
            </td>
            <td className={numCell}>{d.level}</td>
            <td className={cell}>{d.isAgent ? t('agent.downlines.agent') : t('agent.downlines.member')}</td>
            <td className={cell}>{t(`agent.downlines.status.${d.status}`)}</td>
            <td className={numCell}>{money(d.balance)}</td>
            <td className={cell}>{formatTimeIn(d.registeredAt, v.timeZone)}</td>
            <td className={cell}>{formatTimeIn(d.lastLoginAt, v.timeZone)}</td>
            <td className="flex flex-wrap gap-1 py-2">
              <Button variant="secondary" className="px-2! py-1! text-xs" onClick={() => setTransferTo(d)}>
                {t('agent.downlines.transfer')}
              </Button>
              {d.level === 1 && (
                <Button variant="secondary" className="px-2! py-1! text-xs" onClick={() => setOfferTo(d)}>
                  {t('agent.downlines.offerContract')}
                </Button>
              )}
              {d.level === 1 && !d.isAgent && (
                <Button variant="ghost" className="px-2! py-1! text-xs" onClick={() => void makeSubAgent(d)}>
                  {t('agent.downlines.setSubAgent')}
                </Button>
              )}
            </td>
          </tr>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell} colSpan={4}>
            {t('agent.downlines.totalMembers', { count: v.totals.members })}
          </td>
          <td className={numCell}>{money(v.totals.balance)}</td>
          <td className={cell} colSpan={3} />
        </>
      )}
    >
      {transferTo && <TransferDialog downline={transferTo} onClose={() => setTransferTo(null)} />}
      {offerTo && <OfferContractDialog downline={offerTo} onClose={() => setOfferTo(null)} />}
    </ReportFrame>
  );
}

type TransferValues = { amount: string; paymentPassword: string };

/** Transfer to a downline (POST /wps/agent/transfer/downline, E) with the agent's payment password. */
function TransferDialog({ downline, onClose }: { downline: Downline; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  // One request id per dialog: a retry after a lost answer is the same transfer, not a second one.
  const [requestId] = useState(newRequestId);
  const form = useForm<TransferValues>({ defaultValues: { amount: '', paymentPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ amount, paymentPassword }) => {
    const value = Number(amount);
    if (!(value > 0) || Math.round(value * 100) !== value * 100) {
      form.setError('amount', { message: t('agent.transfer.amountInvalid') });
      return;
    }
    try {
      const result = await transferToDownline({
        downlineId: downline.memberId,
        amount: value,
        paymentPassword,
        requestId,
      });
      toast.success(t('agent.transfer.done', { amount: money(result.amount), username: downline.username }));
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['member', 'publicState'] });
      onClose();
    } catch (err) {
      const field = err instanceof ApiError && err.code === 'PAYMENT_PASSWORD_INVALID' ? 'paymentPassword' : 'root';
      form.setError(field, { message: errorMessage(t, err) });
    }
  });
  return (
    <Modal open onClose={onClose} title={t('agent.transfer.title', { username: downline.username })}>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('agent.common.amount')}
          required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          error={errors.amount?.message}
          {...form.register('amount', { required: t('agent.transfer.amountInvalid') })}
        />
        <Field
          label={t('agent.transfer.paymentPassword')}
          required
          type="password"
          autoComplete="off"
          error={errors.paymentPassword?.message}
          {...form.register('paymentPassword', { required: t('validation.required') })}
        />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('agent.transfer.submit')}
        </FormFooter>
      </form>
    </Modal>
  );
}
