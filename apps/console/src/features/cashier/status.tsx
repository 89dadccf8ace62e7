import { useTranslation } from 'react-i18next';
import { StatusBadge, type Tone } from '../../components/status-badge';

const TONE: Record<string, Tone> = {
  pending: 'warning',
  approved: 'success',
  paid: 'success',
  confirmed: 'success',
  rejected: 'danger',
  cancelled: 'muted',
  expired: 'muted',
};

export function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation('cashier');
  return <StatusBadge label={t(`status.${status}`)} tone={TONE[status] ?? 'muted'} />;
}
