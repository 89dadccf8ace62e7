import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormFooter } from '../../components/form-footer';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/errors';
import { displayAmount } from '../../lib/money';
import { configQuery } from '../../lib/site-queries';
import { convertPoints, newRequestId, pointBalanceQuery, pointConfigQuery } from './api';

// Converting points to cash (spec §7 passwordCheck/MCS2_convertPoint) at the exchange ratio of
// getPointConfig, in whole steps of the ratio, with the payment password.
export function ConvertForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const config = useQuery(pointConfigQuery(token)).data;
  const points = useQuery(pointBalanceQuery(token)).data?.points ?? 0;
  const symbol = useQuery(configQuery).data?.currencySymbol;
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<number>(Number.NaN);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  if (!config) return null;
  if (!config.convertEnabled) return <p className="text-(--text-muted)">{t('errors.POINTS_CONVERT_DISABLED')}</p>;
  const cash = Number.isInteger(amount) ? (amount / config.exchangePoints) * config.exchangeAmount : 0;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!Number.isInteger(amount) || amount <= 0) return setError(t('points.pointsInvalid'));
    if (amount < config.minConvertPoints) return setError(t('errors.POINTS_CONVERT_BELOW_MINIMUM'));
    if (amount % config.exchangePoints !== 0) return setError(t('errors.POINTS_CONVERT_STEP'));
    if (amount > points) return setError(t('errors.POINTS_INSUFFICIENT'));
    if (!password) return setError(t('validation.required'));
    setBusy(true);
    setError('');
    try {
      const r = await convertPoints({ points: amount, paymentPassword: password, requestId });
      toast.success(t('points.converted', { points: r.points, amount: displayAmount(r.amount, { symbol }) }));
      setAmount(Number.NaN);
      setPassword('');
      setRequestId(newRequestId());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['points'] }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]);
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-md">
      <p className="mb-4 text-sm text-(--text-muted)">
        {t('points.ratio', {
          points: config.exchangePoints,
          amount: displayAmount(config.exchangeAmount, { symbol }),
          min: config.minConvertPoints,
        })}
      </p>
      <Field
        label={t('points.convertPoints')}
        type="number"
        min={config.minConvertPoints}
        step={config.exchangePoints}
        required
        value={Number.isNaN(amount) ? '' : amount}
        onChange={(e) => {
          setAmount(e.target.valueAsNumber);
          setRequestId(newRequestId());
        }}
      />
      <p className="mb-3 text-sm" data-testid="convert-cash">
        {t('points.youGet', { amount: displayAmount(cash, { symbol }) })}
      </p>
      <PasswordField
        purpose="current"
        label={t('points.paymentPassword')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormFooter error={error} busy={busy}>
        {t('points.convert')}
      </FormFooter>
    </form>
  );
}
