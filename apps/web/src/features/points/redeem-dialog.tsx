import type { PointReward } from '@gamehall/shared/api/points';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormFooter } from '../../components/form-footer';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/errors';
import { newRequestId, redeemReward } from './api';

// Redeeming one reward (spec §7 passwordCheck/MCS2_redeemPointReward): a quantity within the
// reward's limit and the payment password. The request id is chosen once per dialog, so a second
// click after a lost answer redeems once.
export function RedeemDialog({
  reward,
  points,
  onClose,
  onDone,
}: {
  reward: PointReward;
  points: number;
  onClose: () => void;
  onDone: () => Promise<unknown> | undefined;
}) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(1);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);
  const max = Math.min(reward.maxPerRedeem, reward.stock ?? reward.maxPerRedeem);
  // A quantity outside 1..max has no total: "-300 points" for -1 would be a lie.
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= max;
  const total = reward.pointsRequirement * quantity;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) return setError(t('points.quantityInvalid'));
    if (total > points) return setError(t('errors.POINTS_INSUFFICIENT'));
    if (!password) return setError(t('validation.required'));
    setBusy(true);
    setError('');
    try {
      const r = await redeemReward({ rewardId: reward.id, quantity, paymentPassword: password, requestId });
      toast.success(
        t(r.status === 'in_process' ? 'points.redeemedInProcess' : 'points.redeemed', { reference: r.reference }),
      );
      await onDone();
      onClose();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={t('points.redeemTitle', { name: reward.name })}>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('points.quantity')}
          type="number"
          min={1}
          max={max}
          required
          value={Number.isNaN(quantity) ? '' : quantity}
          onChange={(e) => setQuantity(e.target.valueAsNumber)}
          hint={t('points.quantityHint', { max })}
        />
        <p className="mb-3 text-sm" data-testid="redeem-total">
          {valid ? t('points.total', { points: total.toLocaleString() }) : t('points.quantityInvalid')}
        </p>
        <PasswordField
          purpose="current"
          label={t('points.paymentPassword')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormFooter error={error} busy={busy}>
          {t('points.confirmRedeem')}
        </FormFooter>
      </form>
    </Modal>
  );
}
